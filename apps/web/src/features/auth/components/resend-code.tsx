import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { notifySuccess } from '../../../lib/toast.ts';
import { useSendOtp } from '../api/send-otp.ts';

/** Sending a new code needs a session (GET auth/send-otp is authenticated). */
export function ResendCode({ isSignedIn }: { isSignedIn: boolean }) {
  const sending = useSendOtp();
  if (!isSignedIn) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        No code, or it expired? Sign in and choose Verify now on your dashboard to have a new one
        sent.
      </Typography>
    );
  }
  return (
    <Button
      variant="text"
      loading={sending.isPending}
      onClick={() =>
        sending.mutate('verify-email', {
          onSuccess: ({ message }) =>
            notifySuccess(message || 'A new code is on its way to your email'),
        })
      }
    >
      Resend code
    </Button>
  );
}
