import {
  loginForm,
  signInChallengeData,
  type LoginForm,
  type SignInChallenge,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin, type LoginValues } from '../api/login.ts';
import { useSignInWithPasskey } from '../api/passkey-sign-in.ts';
import { PasskeyButton } from './passkey-button.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';
import { asksForProofOfWork, useProofOfWork } from '../proof-of-work/use-proof-of-work.ts';

type Props = {
  defaultLoginId: string;
  /** Text already in the fields, typed into the page before the app took it over. */
  typed?: Partial<LoginForm>;
  /** Sends the form once shown: it was submitted before the app took the page over. */
  submitAtOnce?: boolean;
  onSignedIn: () => void;
};

export function SignInForm({ defaultLoginId, typed, submitAtOnce = false, onSignedIn }: Props) {
  const { control, handleSubmit } = useForm<LoginForm, unknown, LoginValues>({
    resolver: zodResolver(loginForm),
    defaultValues: { loginId: typed?.loginId ?? defaultLoginId, password: typed?.password ?? '' },
  });
  // After a failure the next try may need a robot check (decision 0050): from then on one is
  // solved in the background and sent with each try. The first try sends none.
  const proofOfWork = useProofOfWork({ eager: false });
  const [afterFailure, setAfterFailure] = useState(false);
  const signIn = useLogin(proofOfWork, afterFailure);
  // A passkey alone, where its member allowed it (decision 0048): no id or password typed.
  const byPasskey = useSignInWithPasskey();
  // Set when the password was right and the account asks for its second factor.
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  const submit = handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (asksForProofOfWork(error) || (error instanceof ApiError && error.status === 401)) {
          setAfterFailure(true);
          proofOfWork.prepare();
        }
        if (!(error instanceof ApiError) || error.code !== 'SECOND_FACTOR_REQUIRED') return;
        const parsed = signInChallengeData.safeParse(error.data);
        if (parsed.success) setChallenge(parsed.data);
      },
    }),
  );

  // Once, though a development build runs effects twice.
  const sentAtOnce = useRef(false);
  useEffect(() => {
    if (!submitAtOnce || sentAtOnce.current) return;
    sentAtOnce.current = true;
    void submit();
  }, [submitAtOnce, submit]);

  if (challenge)
    return (
      <SecondFactorStep
        challenge={challenge}
        onSignedIn={onSignedIn}
        onRestart={() => setChallenge(null)}
      />
    );
  return (
    <Stack component="form" noValidate spacing={2.5} aria-label="Sign in" onSubmit={submit}>
      <FormTextField
        control={control}
        name="loginId"
        label="Registered ID"
        helperText="Or the email you signed up with"
        autoComplete="username"
        autoFocus={!defaultLoginId}
      />
      <PasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="current-password"
        autoFocus={Boolean(defaultLoginId)}
      />
      <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
        SIGN IN
      </Button>
      <PasskeyButton
        signIn={byPasskey}
        onSignedIn={onSignedIn}
        label="Use a passkey"
        variant="text"
      />
    </Stack>
  );
}
