import { resetPasswordForm, type ResetPasswordForm as ResetValues } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { OTP_LENGTH, OtpField } from '../../../components/otp-field.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { SendCodeButton } from '../../../components/send-code-button.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useSendResetCode } from '../api/forgot-password.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { useProofOfWork } from '../proof-of-work/use-proof-of-work.ts';

type Props = { loginId: string; onReset: () => void };

/** The second step: the mailed code and the new password, twice; a new code on request. */
export function ResetPasswordForm({ loginId, onReset }: Props) {
  const resetting = useResetPassword();
  // A new code is asked for rarely: its robot check is solved when the button is pressed.
  const sender = useSendResetCode(useProofOfWork({ eager: false }));
  const { control, handleSubmit, setError } = useForm<ResetValues>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { otp: '', newPassword: '', confirmPassword: '' },
  });
  const submit = handleSubmit((values) =>
    resetting.mutate(
      { loginId, ...values },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message || 'Your password was reset');
          onReset();
        },
        onError: (error) =>
          void showFieldReasons(error, setError, ['otp', 'newPassword', 'confirmPassword']),
      },
    ),
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label="Reset password"
      onSubmit={(event) => void submit(event)}
    >
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Code for <strong>{loginId}</strong>, if that is an account: it went to the email address the
        account was registered with.
      </Typography>
      <OtpField
        control={control}
        name="otp"
        label="Reset code"
        autoFocus
        helperText={`The ${OTP_LENGTH}-digit code from the email we sent you`}
      />
      <NewPasswordFields control={control} />
      <Button type="submit" variant="contained" size="large" loading={resetting.isPending}>
        RESET PASSWORD
      </Button>
      <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
        <SendCodeButton
          label="Send a new code"
          variant="text"
          sender={sender}
          disabled={resetting.isPending}
          onClick={() => sender.send(loginId)}
        />
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          A code works for 10 minutes; only the newest one does. One is sent at most once a minute.
        </Typography>
      </Stack>
    </Stack>
  );
}
