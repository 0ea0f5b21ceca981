import Button, { type ButtonProps } from '@mui/material/Button';
import type { CodeSender } from '../lib/use-code-sender.ts';

type Props = Omit<ButtonProps, 'children' | 'loading'> & {
  /** "Send code", "Resend code". */
  label: string;
  sender: Pick<CodeSender<never>, 'isSending' | 'secondsLeft'>;
};

/** Sends an email code; while the server asks to wait, says for how long and stays disabled. */
export function SendCodeButton({ label, sender, disabled, ...props }: Props) {
  const isWaiting = sender.secondsLeft > 0;
  return (
    <Button loading={sender.isSending} disabled={disabled || isWaiting} {...props}>
      {isWaiting ? `${label} in ${sender.secondsLeft} s` : label}
    </Button>
  );
}
