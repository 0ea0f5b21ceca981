import type { PackageView } from '@app/contracts';
import Paper from '@mui/material/Paper';
import { DetailList } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { formatPercentage, previewProfit } from '../utils/profit.ts';

type Props = { pkg: PackageView; amountMicros: bigint | null };

/** What the amount typed so far would earn; dashes until it is a valid amount in range. */
export function BuyPreview({ pkg, amountMicros }: Props) {
  const preview = amountMicros === null ? null : previewProfit(amountMicros, pkg);
  const show = (value: number | undefined) =>
    value === undefined ? '—' : <Money value={value} decimals="amount" />;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Profit preview"
      sx={{ p: 2, bgcolor: 'action.hover' }}
    >
      <DetailList
        items={[
          {
            label: `Daily profit (${formatPercentage(pkg.dailyPercentage)})`,
            value: show(preview?.daily),
          },
          { label: 'Days', value: pkg.totalDays },
          { label: 'Total profit', value: show(preview?.total) },
          // Said before the purchase (the fund's fate): the amount paid does not come back.
          { label: 'Returned at the end', value: show(preview ? 0 : undefined) },
          { label: 'Expected back in all', value: show(preview?.total) },
        ]}
      />
    </Paper>
  );
}
