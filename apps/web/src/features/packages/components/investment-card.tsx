import type { PurchasedPackageView } from '@app/contracts';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { formatPercentage } from '../utils/profit.ts';
import { PackageStatusChip } from './package-status-chip.tsx';

const money = (value: number) => <Money value={value} decimals="amount" />;

/** One purchased package: its days so far, profit claimed and still to come, and its dates. */
export function InvestmentCard({ investment }: { investment: PurchasedPackageView }) {
  const { id, name, totalDays, claimedDays, forfeitedDays, remainingDays } = investment;
  // A day is behind the member once it is claimed or, under the forfeit rule, given up.
  const settledDays = claimedDays + forfeitedDays;
  const progress = totalDays > 0 ? Math.min(100, (settledDays / totalDays) * 100) : 0;
  const titleId = `investment-${id}`;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ p: 2.5, height: '100%' }}
    >
      <Stack spacing={2}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
        >
          <Stack sx={{ minWidth: 0 }}>
            <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {name}
            </Typography>
            <Money
              value={investment.amount}
              decimals="amount"
              variant="h6"
              sx={{ fontWeight: 700 }}
            />
          </Stack>
          <PackageStatusChip isExpired={investment.isExpired} />
        </Stack>
        <Stack spacing={0.75}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Progress
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {settledDays} / {totalDays} days
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={`${name} progress`}
            aria-valuetext={`${settledDays} of ${totalDays} days`}
            sx={{ height: 8, borderRadius: 4 }}
          />
          {forfeitedDays > 0 && (
            <Typography variant="caption" color="text.secondary">
              {forfeitedDays} {forfeitedDays === 1 ? 'day' : 'days'} forfeited (not claimed in time)
            </Typography>
          )}
        </Stack>
        <DetailList
          dense
          items={[
            {
              label: 'Daily profit',
              value: (
                <>
                  {money(investment.dailyProfitAmount)} (
                  {formatPercentage(investment.dailyPercentage)})
                </>
              ),
            },
            {
              label: `Claimed profit (${claimedDays} ${claimedDays === 1 ? 'day' : 'days'})`,
              value: money(investment.claimedProfit),
            },
            {
              label: `Remaining profit (${remainingDays} ${remainingDays === 1 ? 'day' : 'days'})`,
              value: money(investment.remainingProfit),
            },
            { label: 'Started', value: formatDay(investment.startDate) },
            {
              label: investment.isExpired ? 'Ended' : 'Ends',
              value: formatDateTime(investment.expiresAt),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}

/** Investments as cards: one column below 900 px, two from there. */
export function InvestmentCards({ investments }: { investments: PurchasedPackageView[] }) {
  return (
    <Grid container spacing={2}>
      {investments.map((investment) => (
        <Grid key={investment.id} size={{ xs: 12, md: 6 }}>
          <InvestmentCard investment={investment} />
        </Grid>
      ))}
    </Grid>
  );
}
