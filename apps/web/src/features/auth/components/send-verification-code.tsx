import { useNavigate } from 'react-router';
import { SendCodeButton } from '../../../components/send-code-button.tsx';
import { buildPath } from '../../../config/paths.ts';
import { useSendOtp } from '../api/send-otp.ts';

/** Mails a new email-verification code, then opens the screen to enter it. */
export function SendVerificationCode({ loginId }: { loginId: string }) {
  const sender = useSendOtp();
  const navigate = useNavigate();
  return (
    <SendCodeButton
      label="Send code"
      variant="contained"
      size="small"
      sender={sender}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      onClick={() =>
        sender.send('verify-email', {
          onSent: () => void navigate(buildPath.verifyOtpFor(loginId)),
        })
      }
    />
  );
}
