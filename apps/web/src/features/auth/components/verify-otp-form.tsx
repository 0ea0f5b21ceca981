import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useVerifyOtp } from '../api/otp-verify.ts';
import { OTP_LENGTH, otpForm, type OtpFormInput, type OtpFormOutput } from '../utils/otp-form.ts';
import { ResendCode } from './resend-code.tsx';

type Props = { defaultLoginId: string; isSignedIn: boolean; onVerified: () => void };

const keepOtpDigits = (value: string) => value.replace(/\D/g, '').slice(0, OTP_LENGTH);

export function VerifyOtpForm({ defaultLoginId, isSignedIn, onVerified }: Props) {
  const { control, handleSubmit } = useForm<OtpFormInput, unknown, OtpFormOutput>({
    resolver: zodResolver(otpForm),
    defaultValues: { loginId: defaultLoginId, otp: '' },
  });
  const verification = useVerifyOtp();

  const submit = handleSubmit(({ loginId, otp }) =>
    verification.mutate(
      { loginId, otp, purpose: 'verify-email' },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message || 'Email verified');
          onVerified();
        },
      },
    ),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} aria-label="Verify email" onSubmit={submit}>
      <FormTextField
        control={control}
        name="loginId"
        label="Registered ID"
        autoComplete="username"
      />
      <FormTextField
        control={control}
        name="otp"
        label="Verification code"
        autoComplete="one-time-code"
        autoFocus={Boolean(defaultLoginId)}
        transform={keepOtpDigits}
        helperText={`The ${OTP_LENGTH}-digit code from the email we sent you`}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            maxLength: OTP_LENGTH,
            pattern: '[0-9]*',
            sx: { letterSpacing: '0.3em' },
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" loading={verification.isPending}>
        VERIFY EMAIL
      </Button>
      <ResendCode isSignedIn={isSignedIn} />
    </Stack>
  );
}
