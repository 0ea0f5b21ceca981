import Alert from '@mui/material/Alert';
import { LinkButton } from '../../../components/link-button.tsx';
import { buildPath } from '../../../config/paths.ts';
import type { MemberView } from '@app/contracts';

/** An unverified member can invest but not withdraw, so say so early. */
export function VerifyEmailAlert({ member }: { member: MemberView }) {
  if (member.verified) return null;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      action={
        <LinkButton
          to={buildPath.verifyOtpFor(member.referral_code)}
          color="inherit"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
        >
          Verify now
        </LinkButton>
      }
    >
      Verify your email ({member.email}) to be able to withdraw.
    </Alert>
  );
}
