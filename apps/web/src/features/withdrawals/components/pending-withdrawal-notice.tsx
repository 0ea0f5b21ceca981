import { walletLabels, type WithdrawalView } from '@app/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LinkButton } from '../../../components/link-button.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useCancelWithdrawal } from '../api/cancel-withdrawal.ts';
import { historyPath } from '../utils/history-path.ts';

/**
 * Only one withdrawal may wait at a time: say which one, where it is listed,
 * and let the member cancel it to ask for another (its amount is available again).
 */
export function PendingWithdrawalNotice({ withdrawal }: { withdrawal: WithdrawalView }) {
  const cancelling = useCancelWithdrawal();
  const cancel = () =>
    cancelling.mutate(withdrawal.id, {
      onSuccess: ({ message }) => notifySuccess(message || 'Withdrawal cancelled'),
    });

  return (
    <Alert severity="info" variant="outlined">
      <AlertTitle>A withdrawal is already pending</AlertTitle>
      <Money value={withdrawal.amount} decimals="amount" variant="body2" /> from your{' '}
      {walletLabels[withdrawal.wallet].toLowerCase()} wallet, requested{' '}
      {formatDateTime(withdrawal.createdAt)}, is waiting to be paid. You can request another once it
      is paid or rejected, or cancel it.
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <LinkButton to={historyPath(withdrawal.wallet)} variant="outlined" size="small">
          View history
        </LinkButton>
        <Button color="inherit" size="small" loading={cancelling.isPending} onClick={cancel}>
          Cancel withdrawal
        </Button>
      </Stack>
    </Alert>
  );
}
