import {
  operatorLoginBody,
  secondFactorChallengeData,
  secondFactorLoginBody,
  type OperatorLoginBody,
  type SecondFactorLoginBody,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { refuseSecondStep } from '../../../lib/validation-reason.ts';
import { SecondFactorCodeField } from '../../../components/second-factor-code-field.tsx';
import { useOperatorLogin, useOperatorLoginSecondFactor } from '../api/operator-auth.ts';

type Values = z.output<typeof operatorLoginBody>;

/** The challenge of a password step that answered SECOND_FACTOR_REQUIRED, else null. */
function challengeOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'SECOND_FACTOR_REQUIRED') return null;
  const parsed = secondFactorChallengeData.safeParse(error.data);
  return parsed.success ? parsed.data.challenge : null;
}

/**
 * The console's sign-in: email and password, then, for an operator whose authenticator app is on
 * (decision 0049), a code from it or a recovery code.
 */
export function OperatorSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [challenge, setChallenge] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<OperatorLoginBody, unknown, Values>({
    resolver: zodResolver(operatorLoginBody),
    defaultValues: { email: '', password: '' },
  });
  const signIn = useOperatorLogin();
  const submit = handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => setChallenge(challengeOf(error)),
    }),
  );
  if (challenge)
    return (
      <OperatorCodeStep
        challenge={challenge}
        onSignedIn={onSignedIn}
        onRestart={() => setChallenge(null)}
      />
    );
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label="Operator sign in"
      onSubmit={submit}
    >
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
      />
      <PasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="current-password"
      />
      <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
        SIGN IN
      </Button>
    </Stack>
  );
}

type CodeStepProps = { challenge: string; onSignedIn: () => void; onRestart: () => void };

/** The second step: one field takes the app's 6 digits or a recovery code. */
function OperatorCodeStep({ challenge, onSignedIn, onRestart }: CodeStepProps) {
  const { control, handleSubmit, setError } = useForm<
    SecondFactorLoginBody,
    unknown,
    z.output<typeof secondFactorLoginBody>
  >({ resolver: zodResolver(secondFactorLoginBody), defaultValues: { challenge, code: '' } });
  const verify = useOperatorLoginSecondFactor();
  const submit = handleSubmit((values) =>
    verify.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => refuseSecondStep(error, setError, onRestart),
    }),
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label="Operator two-factor authentication"
      onSubmit={(event) => void submit(event)}
    >
      <Typography variant="body2" color="text.secondary">
        Enter the 6-digit code your authenticator app shows for the console, or one of your recovery
        codes.
      </Typography>
      <SecondFactorCodeField control={control} name="code" autoFocus />
      <Button type="submit" variant="contained" size="large" loading={verify.isPending}>
        VERIFY
      </Button>
      <Button variant="text" size="small" onClick={onRestart} sx={{ alignSelf: 'flex-start' }}>
        Back to email and password
      </Button>
    </Stack>
  );
}
