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

/**
 * The text in the form's fields that its state does not have: typed into the page's prerendered
 * form before the app took it over, or while React hydrated it. Hydration keeps what an input
 * holds (it never sets a field's text) but starts the form's state from the page's empty
 * values, so the state is filled in from the fields once the form is the app's. Starting the
 * state from the typed text instead would not match the page (the labels' floating state), and
 * React does not correct a mismatched attribute.
 */
function typedBeforeTheApp(form: HTMLFormElement | null): Partial<LoginForm> {
  const typed: Partial<LoginForm> = {};
  for (const name of ['loginId', 'password'] as const) {
    const field = form?.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.value !== '') typed[name] = field.value;
  }
  return typed;
}

type Props = {
  defaultLoginId: string;
  /** Sends the form once shown: it was submitted before the app took the page over. */
  submitAtOnce?: boolean;
  onSignedIn: () => void;
};

export function SignInForm({ defaultLoginId, submitAtOnce = false, onSignedIn }: Props) {
  const { control, handleSubmit, setValue } = useForm<LoginForm, unknown, LoginValues>({
    resolver: zodResolver(loginForm),
    defaultValues: { loginId: defaultLoginId, password: '' },
  });
  const formRef = useRef<HTMLFormElement>(null);
  // Before the held submit below (effects run in order), and after the fields' own subscriptions.
  useEffect(() => {
    const typed = typedBeforeTheApp(formRef.current);
    if (typed.loginId !== undefined) setValue('loginId', typed.loginId, { shouldDirty: true });
    if (typed.password !== undefined) setValue('password', typed.password, { shouldDirty: true });
  }, [setValue]);
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
    <Stack
      ref={formRef}
      component="form"
      noValidate
      spacing={2.5}
      aria-label="Sign in"
      onSubmit={submit}
    >
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
