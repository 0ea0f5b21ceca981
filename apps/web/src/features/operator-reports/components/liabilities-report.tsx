import type { UseQueryResult } from '@tanstack/react-query';
import type { LiabilitiesData } from '@app/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../../components/detail-list.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatExactMoney } from '../utils/exact-money.ts';
import { ReportCard } from './report-card.tsx';

type Props = { query: UseQueryResult<LiabilitiesData> };

const money = (value: number) => formatExactMoney(value);

/** What members are owed, against what came in and went out. */
export function LiabilitiesReport({ query }: Props) {
  const { data, isPending, isError, refetch } = query;
  if (isPending) return <SkeletonRows label="Loading the liabilities" />;
  if (isError)
    return (
      <QueryError message="The liabilities could not be loaded." onRetry={() => void refetch()} />
    );
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {`As of ${formatDateTime(data.asOf)}`}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <ReportCard title="Owed to members">
          <DetailList
            items={[
              { label: 'Withdrawable now', value: money(data.withdrawableNow) },
              { label: 'Pending withdrawals', value: money(data.pendingWithdrawals) },
              { label: 'Fund wallets', value: money(data.fundWallets) },
              { label: 'Profit accrued, not claimed', value: money(data.accruedUnclaimedProfit) },
              { label: 'Profit still to accrue', value: money(data.futureProfit) },
              { label: 'Commissions not yet credited', value: money(data.commissionsAccrued) },
              { label: 'Total owed', value: money(data.totalOwed) },
            ]}
          />
        </ReportCard>
        <ReportCard title="Received and paid">
          <DetailList
            items={[
              { label: 'Deposits received', value: money(data.depositsReceived) },
              { label: 'Withdrawals paid (net of fees)', value: money(data.withdrawalsPaid) },
              { label: 'Net received', value: money(data.netReceived) },
              {
                label: 'Coverage (net received − total owed)',
                value: (
                  <Typography
                    component="span"
                    variant="inherit"
                    color={data.coverage < 0 ? 'error' : 'success.main'}
                  >
                    {formatExactMoney(data.coverage, true)}
                  </Typography>
                ),
              },
            ]}
          />
        </ReportCard>
      </Box>
    </Stack>
  );
}
