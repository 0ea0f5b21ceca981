import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router';
import { TextLink } from '../../components/text-link.tsx';
import { paths, searchParams } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { VerifyOtpForm } from '../../features/auth/components/verify-otp-form.tsx';
import { getStoredReferralCode, getUserDetail, useAccessToken } from '../../lib/auth-store.ts';

export default function VerifyOtpRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isSignedIn = useAccessToken() !== null;
  const loginId =
    params.get(searchParams.loginId) ??
    getUserDetail()?.referral_code ??
    getStoredReferralCode() ??
    '';

  return (
    <AuthLayout
      title="Verify your email"
      subtitle="Enter the 6-digit code we emailed you after registration."
      footer={
        <Typography variant="body2">
          Back to{' '}
          <TextLink to={isSignedIn ? paths.dashboard : paths.signIn}>
            {isSignedIn ? 'dashboard' : 'sign in'}
          </TextLink>
        </Typography>
      }
    >
      <VerifyOtpForm
        defaultLoginId={loginId}
        isSignedIn={isSignedIn}
        onVerified={() => navigate(paths.signIn, { replace: true })}
      />
    </AuthLayout>
  );
}
