import Typography from '@mui/material/Typography';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { TextLink } from '../../components/text-link.tsx';
import { paths, searchParams } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

export default function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginId = params.get(searchParams.loginId)?.trim() ?? '';
  // The code is asked for an id first; without one, that step comes first.
  if (!loginId) return <Navigate to={paths.forgotPassword} replace />;

  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Enter the 6-digit code we emailed you and your new password. Every device signed in to your account will be signed out."
      footer={
        <Typography variant="body2">
          Not your account? <TextLink to={paths.forgotPassword}>Use another ID or email</TextLink>
        </Typography>
      }
    >
      <ResetPasswordForm
        loginId={loginId}
        onReset={() => void navigate(paths.signIn, { replace: true })}
      />
    </AuthLayout>
  );
}
