import Typography from '@mui/material/Typography';
import { SendCodeButton } from '../../../components/send-code-button.tsx';
import { useSendOtp } from '../api/send-otp.ts';

/** Sending a new code needs a session (GET auth/send-otp is authenticated). */
export function ResendCode({ isSignedIn }: { isSignedIn: boolean }) {
  const sender = useSendOtp();
  if (!isSignedIn) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        No code, or it expired? Sign in and choose Verify now on your dashboard to have a new one
        sent.
      </Typography>
    );
  }
  return (
    <SendCodeButton
      label="Resend code"
      variant="text"
      sender={sender}
      onClick={() => sender.send('verify-email')}
    />
  );
}
