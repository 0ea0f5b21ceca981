import type { ClaimStatusData } from '@app/contracts';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { useClaimProfit } from '../api/claim-profit.ts';
import { useClaimStatus } from '../api/get-claim-status.ts';
import { ClaimDone, ClaimableProfit } from './claim-card-states.tsx';

const isDone = (status: ClaimStatusData) => status.claimedToday && status.claimableAmount === 0;

/** Today's daily profit: what can be claimed, CLAIM, and what was claimed once it is done. */
export function ClaimCard() {
  const { data: status, isPending, isError, refetch } = useClaimStatus();
  const claim = useClaimProfit();

  return (
    <Paper variant="outlined" component="section" aria-labelledby="claim-title" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Typography id="claim-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Daily profit
        </Typography>
        {isPending && <SkeletonRows rows={2} label="Loading daily profit" />}
        {isError && (
          <QueryError
            message="Today's profit could not be loaded."
            onRetry={() => void refetch()}
          />
        )}
        {status && isDone(status) && (
          <ClaimDone
            claimedAmount={claim.data?.data.totalAmount ?? status.claimedTodayAmount}
            claimed={claim.data?.data}
            nextClaimAt={status.nextClaimAt}
          />
        )}
        {status && !isDone(status) && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <ClaimableProfit status={status} />
            <Button
              variant="contained"
              size="large"
              onClick={() => claim.mutate()}
              loading={claim.isPending}
              disabled={status.claimableAmount <= 0}
              sx={{ minWidth: 140 }}
            >
              CLAIM
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
