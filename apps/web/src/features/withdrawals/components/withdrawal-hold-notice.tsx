import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { TextLink } from '../../../components/text-link.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTimeWithZone } from '../../../lib/format.ts';

/**
 * Withdrawals wait after a security change (decision 0046): say until when, why, and what to
 * do if the member did not make the change.
 */
export function WithdrawalHoldNotice({ heldUntil }: { heldUntil: string }) {
  return (
    <Alert severity="warning" variant="outlined">
      <AlertTitle>Withdrawals are paused</AlertTitle>
      Withdrawals are paused until{' '}
      <time dateTime={heldUntil}>{formatDateTimeWithZone(heldUntil)}</time> after a security change
      to your account (your password, two-factor authentication or payout address). This protects
      you if someone else made the change. If it was not you,{' '}
      <TextLink to={paths.support}>contact support</TextLink>.
    </Alert>
  );
}
