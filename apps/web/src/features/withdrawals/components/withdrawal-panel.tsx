import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentProps } from 'react';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { usePendingWithdrawal } from '../api/get-withdrawals.ts';
import { useWithdrawalHold } from '../api/get-withdrawal-hold.ts';
import { PendingWithdrawalNotice } from './pending-withdrawal-notice.tsx';
import { WithdrawalForm } from './withdrawal-form.tsx';
import { WithdrawalHoldNotice } from './withdrawal-hold-notice.tsx';

/**
 * The withdrawal form, or what stands in its way: the withdrawal already pending; above the
 * form, the hold after a security change, while it keeps the form from asking for a code.
 */
export function WithdrawalPanel(props: Omit<ComponentProps<typeof WithdrawalForm>, 'isHeld'>) {
  const { pending, isPending, isError, refetch } = usePendingWithdrawal();
  const heldUntil = useWithdrawalHold().data?.heldUntil;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="withdraw-title" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Typography id="withdraw-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Withdraw
        </Typography>
        {isPending && <SkeletonRows rows={4} label="Loading withdrawal form" />}
        {isError && (
          <QueryError
            message="Your pending withdrawals could not be checked."
            onRetry={() => void refetch()}
          />
        )}
        {pending && <PendingWithdrawalNotice withdrawal={pending} />}
        {!isPending && !isError && !pending && (
          <>
            {heldUntil && <WithdrawalHoldNotice heldUntil={heldUntil} />}
            <WithdrawalForm {...props} isHeld={Boolean(heldUntil)} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
