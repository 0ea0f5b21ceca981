import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { TextLink } from '../../components/text-link.tsx';
import { buildPath, paths, searchParams } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { InactiveAccountNotice } from '../../features/auth/components/inactive-account-notice.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { forgetInactiveAccount, useInactiveAccount } from '../../lib/inactive-account.ts';
import { useStoredReferralCode } from '../../lib/auth-store.ts';
import { earlyInput, forgetEarlyInput } from '../early-input.ts';

/** Set by the sign-up screen when it sends a new member here. */
export type SignInState = { isNewMember?: boolean } | null;

export default function SignInRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const storedCode = useStoredReferralCode();
  const loginId = params.get(searchParams.referralCode) ?? storedCode ?? '';
  const isNewMember = Boolean((location.state as SignInState)?.isNewMember) && loginId !== '';
  // What the visitor did on the page before the app took it over, for this first screen only.
  const early = earlyInput();
  const inactive = useInactiveAccount();
  useEffect(forgetEarlyInput, []);

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in with your Registered ID."
      footer={
        <Stack spacing={1}>
          <Typography variant="body2">
            <TextLink to={loginId ? buildPath.forgotPasswordFor(loginId) : paths.forgotPassword}>
              Forgot password?
            </TextLink>
          </Typography>
          <Typography variant="body2">
            New here? <TextLink to={paths.register}>Create an account</TextLink>
          </Typography>
          {/* A new member already has the verification link in the alert above. */}
          {!isNewMember && (
            <Typography variant="body2">
              <TextLink to={loginId ? buildPath.verifyOtpFor(loginId) : paths.verifyOtp}>
                Verify your email
              </TextLink>
            </Typography>
          )}
        </Stack>
      }
    >
      {inactive && <InactiveAccountNotice notice={inactive} onClose={forgetInactiveAccount} />}
      {isNewMember && (
        <Alert severity="success">
          Your Registered ID is <strong>{loginId}</strong>. We emailed you a 6-digit code:{' '}
          <TextLink to={buildPath.verifyOtpFor(loginId)}>verify your email</TextLink> with it.
        </Alert>
      )}
      <SignInForm
        defaultLoginId={loginId}
        submitAtOnce={early?.submitted}
        onSignedIn={() => {
          forgetInactiveAccount();
          void navigate(paths.dashboard, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
