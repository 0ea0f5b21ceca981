import type { LiabilitiesData } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../../components/detail-list.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { operatorPaths } from '../../../config/operator-paths.ts';
import { formatExactMoney } from '../utils/exact-money.ts';

/** What is owed against what came in, in short; the full report is a link away. */
export function LiabilitySummary({ liabilities }: { liabilities: LiabilitiesData }) {
  return (
    <Paper component="section" variant="outlined" aria-label="Liabilities" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1.5, gap: 2 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Liabilities
        </Typography>
        <TextLink to={operatorPaths.liabilities}>Full report</TextLink>
      </Stack>
      <DetailList
        items={[
          { label: 'Withdrawable now', value: formatExactMoney(liabilities.withdrawableNow) },
          { label: 'Pending withdrawals', value: formatExactMoney(liabilities.pendingWithdrawals) },
          { label: 'Total owed', value: formatExactMoney(liabilities.totalOwed) },
          { label: 'Net received', value: formatExactMoney(liabilities.netReceived) },
          {
            label: 'Coverage',
            value: (
              <Typography
                component="span"
                variant="inherit"
                color={liabilities.coverage < 0 ? 'error' : 'success.main'}
              >
                {formatExactMoney(liabilities.coverage, true)}
              </Typography>
            ),
          },
        ]}
      />
      {/* Below zero on a young platform is usual: the packages' future profit counts as owed. */}
      <Typography component="p" variant="caption" color="text.secondary" sx={{ mt: 1 }}>
        Coverage: net received less all that is owed, including the profit packages will still pay.
      </Typography>
    </Paper>
  );
}
