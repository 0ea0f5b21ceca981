import type { PackageView } from '@app/contracts';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { dollarsToMicros } from '../../../lib/money.ts';
import {
  formatBound,
  formatPercentage,
  formatRange,
  previewProfit,
  totalPercentage,
} from '../utils/profit.ts';

type Props = { pkg: PackageView; onBuy: (pkg: PackageView) => void };

/** One package of the catalogue: its terms, what its smallest amount earns, and Buy. */
export function PackageCard({ pkg, onBuy }: Props) {
  const titleId = `package-${pkg.id}`;
  const { total } = previewProfit(dollarsToMicros(pkg.minAmount), pkg);
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ p: 2.5, height: '100%' }}
    >
      <Stack spacing={2} sx={{ height: '100%' }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}
        >
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {pkg.name}
          </Typography>
          <Typography color="primary" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {formatPercentage(pkg.dailyPercentage)} a day
          </Typography>
        </Stack>
        <DetailList
          items={[
            { label: 'Amount', value: formatRange(pkg) },
            { label: 'Duration', value: `${pkg.totalDays} days` },
            { label: 'Total return', value: formatPercentage(totalPercentage(pkg)) },
            {
              label: `Profit on ${formatBound(pkg.minAmount)}`,
              value: <Money value={total} decimals="amount" />,
            },
          ]}
        />
        <Button
          variant="contained"
          onClick={() => onBuy(pkg)}
          disabled={!pkg.active}
          sx={{ mt: 'auto' }}
          aria-label={`Buy ${pkg.name}`}
        >
          Buy
        </Button>
      </Stack>
    </Paper>
  );
}
