import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { operatorPaths } from '../../../config/operator-paths.ts';
import { AuthLayout } from '../../../features/auth/components/auth-layout.tsx';
import { OperatorSignInForm } from '../../../features/operator-auth/components/operator-sign-in-form.tsx';

export default function OperatorSignInRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Operator console"
      subtitle="Sign in with your operator email. Member accounts cannot sign in here."
      footer={
        <Typography variant="body2" color="text.secondary">
          Sessions end after 30 minutes without activity.
        </Typography>
      }
    >
      <OperatorSignInForm onSignedIn={() => void navigate(operatorPaths.dashboard)} />
    </AuthLayout>
  );
}
