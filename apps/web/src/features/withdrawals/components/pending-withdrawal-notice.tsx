import { walletLabels, type WithdrawalView } from '@app/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { LinkButton } from '../../../components/link-button.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { historyPath } from '../utils/history-path.ts';

/** Only one withdrawal may wait at a time (PRODUCT.md §3): say which one and where it is. */
export function PendingWithdrawalNotice({ withdrawal }: { withdrawal: WithdrawalView }) {
  return (
    <Alert
      severity="info"
      variant="outlined"
      action={
        <LinkButton
          to={historyPath(withdrawal.wallet)}
          color="inherit"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
        >
          View history
        </LinkButton>
      }
    >
      <AlertTitle>A withdrawal is already pending</AlertTitle>
      <Money value={withdrawal.amount} decimals="amount" variant="body2" /> from your{' '}
      {walletLabels[withdrawal.wallet].toLowerCase()} wallet, requested{' '}
      {formatDateTime(withdrawal.createdAt)}, is waiting to be paid. You can request another once it
      is paid or rejected.
    </Alert>
  );
}
