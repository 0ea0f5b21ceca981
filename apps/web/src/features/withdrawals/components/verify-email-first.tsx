import MarkEmailUnreadRounded from '@mui/icons-material/MarkEmailUnreadRounded';
import Paper from '@mui/material/Paper';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { buildPath } from '../../../config/paths.ts';

/** An unverified member can invest but not withdraw: say why and where to go. */
export function VerifyEmailFirst({ loginId, email }: { loginId: string; email: string }) {
  return (
    <Paper variant="outlined">
      <EmptyState
        icon={<MarkEmailUnreadRounded />}
        title="Verify your email to withdraw"
        description={`Withdrawals and payout address changes are confirmed with codes sent to ${email}, so that address must be verified first.`}
        action={
          <LinkButton to={buildPath.verifyOtpFor(loginId)} variant="contained">
            Verify email
          </LinkButton>
        }
      />
    </Paper>
  );
}
