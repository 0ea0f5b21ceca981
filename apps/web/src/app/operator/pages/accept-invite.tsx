import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { TextLink } from '../../../components/text-link.tsx';
import { operatorPaths } from '../../../config/operator-paths.ts';
import { AuthLayout } from '../../../features/auth/components/auth-layout.tsx';
import { AcceptInviteForm } from '../../../features/operator-staff/components/accept-invite-form.tsx';

export default function AcceptInviteRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <AuthLayout
      title="Join the operator console"
      subtitle="Choose the password you will sign in with. The link in your invitation works once."
      footer={
        <Typography variant="body2" color="text.secondary">
          Already set it? <TextLink to={operatorPaths.signIn}>Sign in</TextLink>
        </Typography>
      }
    >
      {token ? (
        <AcceptInviteForm token={token} />
      ) : (
        <Alert severity="error" variant="outlined">
          This invitation link is incomplete. Open the link from your invitation email again, or ask
          an admin to send a new one.
        </Alert>
      )}
    </AuthLayout>
  );
}
