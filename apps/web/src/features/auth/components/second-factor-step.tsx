import {
  secondFactorLoginBody,
  type SecondFactorLoginBody,
  type SignInChallenge,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { refuseSecondStep } from '../../../lib/validation-reason.ts';
import { useLoginSecondFactor } from '../api/login-second-factor.ts';
import { useFinishWithPasskey } from '../api/passkey-sign-in.ts';
import { PasskeyButton } from './passkey-button.tsx';

type Props = {
  challenge: SignInChallenge;
  onSignedIn: () => void;
  /** Back to the password: the challenge ended (expired, or too many wrong codes). */
  onRestart: () => void;
};

/**
 * The sign-in's second step: a passkey where the member has one, the 6 digits the authenticator
 * app shows, or one of the recovery codes.
 */
export function SecondFactorStep({ challenge, onSignedIn, onRestart }: Props) {
  // A member with no factor of their own, after many failed sign-ins: a mailed code (0050).
  const isEmailed = challenge.methods.length === 1 && challenge.methods[0] === 'email-code';
  const hasTotp = challenge.methods.includes('totp');
  // With passkeys (decision 0048) the device confirms; without the app, codes are recovery codes.
  const hasPasskey = challenge.methods.includes('passkey');
  const byPasskey = useFinishWithPasskey(challenge.challenge);
  const [isRecovery, setIsRecovery] = useState(!hasTotp && !isEmailed);
  const { control, handleSubmit, setError, resetField } = useForm<SecondFactorLoginBody>({
    resolver: zodResolver(secondFactorLoginBody),
    defaultValues: { challenge: challenge.challenge, code: '' },
  });
  const verify = useLoginSecondFactor();
  const submit = handleSubmit((values) =>
    verify.mutate(values, {
      onSuccess: onSignedIn,
      // Expired or used up: the password step gives a new challenge.
      onError: (error) => refuseSecondStep(error, setError, onRestart),
    }),
  );
  const toggle = () => {
    setIsRecovery((value) => !value);
    resetField('code');
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label="Two-factor authentication"
      onSubmit={(event) => void submit(event)}
    >
      {hasPasskey && (
        <PasskeyButton
          signIn={byPasskey}
          onSignedIn={onSignedIn}
          onRestart={onRestart}
          label="Use your passkey"
          variant="contained"
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {isEmailed
          ? 'We emailed you a code, because of many failed sign-ins on your account. Enter the 6-digit code from the email to finish signing in.'
          : isRecovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for this account.'}
      </Typography>
      <FormTextField
        key={isRecovery ? 'recovery' : 'totp'}
        control={control}
        name="code"
        label={isEmailed ? 'Emailed code' : isRecovery ? 'Recovery code' : 'Authenticator code'}
        autoComplete="one-time-code"
        autoFocus
        slotProps={{
          htmlInput: isRecovery
            ? { autoCapitalize: 'characters', spellCheck: false }
            : { inputMode: 'numeric', maxLength: 7 },
        }}
      />
      <Button type="submit" variant="contained" size="large" loading={verify.isPending}>
        VERIFY
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        {hasTotp && (
          <Button variant="text" size="small" onClick={toggle}>
            {isRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Button>
        )}
        <Button variant="text" size="small" onClick={onRestart}>
          Start over
        </Button>
      </Stack>
    </Stack>
  );
}
