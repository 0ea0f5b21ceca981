import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router';
import { TextLink } from '../../components/text-link.tsx';
import { buildPath, paths, searchParams } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';
import type { SignInState } from './sign-in.tsx';

export default function RegisterRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Join with the invitation id of the member who invited you."
      footer={
        <Typography variant="body2">
          Already a member? <TextLink to={paths.signIn}>Sign in</TextLink>
        </Typography>
      }
    >
      <SignUpForm
        referralCodeParam={params.get(searchParams.referralCode)}
        uplineParam={params.get(searchParams.upline)}
        canLookUpUpline={params.size === 0}
        onRegistered={(code) =>
          navigate(buildPath.loginWithReferralCode(code), {
            state: { isNewMember: true } satisfies SignInState,
          })
        }
      />
    </AuthLayout>
  );
}
