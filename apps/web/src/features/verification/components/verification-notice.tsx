import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { formatAmount, parseMoney } from '@app/contracts';
import { LinkButton } from '../../../components/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useVerification } from '../api/verification.ts';

/** Micro-dollars of a balance or an allowance the API sent, which may be zero. */
const microsOf = (dollars: number | string): bigint => {
  const parsed = parseMoney(dollars);
  return parsed.ok ? parsed.micros : 0n;
};

type Props = {
  sx?: SxProps<Theme>;
  /**
   * Where given (the dashboard), what the member could withdraw now, in dollars: the reminder
   * that the operators' setting will ask for verification shows only once it would stop them.
   */
  withdrawable?: number;
};

/**
 * A banner where verification is needed (the dashboard, the withdrawal form): after a rejection
 * or a request for a document, or when the operators' setting will ask for it and the member
 * has not sent anything. Nothing when it is not needed, or while loading.
 */
export function VerificationNotice({ sx, withdrawable }: Props) {
  const { data } = useVerification();
  if (!data) return null;
  const action = (
    <LinkButton to={paths.verification} color="inherit" size="small">
      {data.status === 'not-started' ? 'Verify now' : 'Open'}
    </LinkButton>
  );
  if (data.status === 'rejected' || data.status === 'resubmission-requested')
    return (
      <Alert severity="warning" action={action} sx={sx}>
        Your identity verification needs your attention: see what to fix.
      </Alert>
    );
  if (data.status !== 'not-started' || data.withdrawalRoom === null) return null;
  const room = microsOf(data.withdrawalRoom);
  if (withdrawable !== undefined && microsOf(withdrawable) <= room) return null;
  return (
    <Alert severity="info" action={action} sx={sx}>
      {room === 0n
        ? 'Withdrawals need a verified identity.'
        : `Withdrawals past ${formatAmount(room)} more need a verified identity.`}
    </Alert>
  );
}
