import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router';
import { TextLink } from '../../components/text-link.tsx';
import { buildPath, paths, searchParams } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export default function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your Registered ID or email. We will email you a 6-digit code to set a new password."
      footer={
        <Typography variant="body2">
          Remembered it? <TextLink to={paths.signIn}>Sign in</TextLink>
        </Typography>
      }
    >
      <ForgotPasswordForm
        defaultLoginId={params.get(searchParams.loginId) ?? ''}
        onSent={(loginId) => void navigate(buildPath.resetPasswordFor(loginId))}
      />
    </AuthLayout>
  );
}
