import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { OTP_LENGTH, OtpField } from '../../../components/otp-field.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useVerifyOtp } from '../api/otp-verify.ts';
import { otpForm, type OtpFormInput, type OtpFormOutput } from '../utils/otp-form.ts';
import { ResendCode } from './resend-code.tsx';

type Props = { defaultLoginId: string; isSignedIn: boolean; onVerified: () => void };

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
      <OtpField
        control={control}
        name="otp"
        label="Verification code"
        autoFocus={Boolean(defaultLoginId)}
        helperText={`The ${OTP_LENGTH}-digit code from the email we sent you`}
      />
      <Button type="submit" variant="contained" size="large" loading={verification.isPending}>
        VERIFY EMAIL
      </Button>
      <ResendCode isSignedIn={isSignedIn} />
    </Stack>
  );
}
