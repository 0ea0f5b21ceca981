import { otpVerifyBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CodeSender } from '../lib/use-code-sender.ts';
import { OTP_LENGTH, OtpField } from './otp-field.tsx';
import { SendCodeButton } from './send-code-button.tsx';

// The API's code rule (6 digits), reused so the form refuses what the server would.
const codeForm = z.object({ otp: otpVerifyBody.shape.otp });
type CodeFormInput = z.input<typeof codeForm>;
type CodeFormOutput = z.output<typeof codeForm>;

type Props = {
  /** The form's accessible name, e.g. "Confirm withdrawal". */
  label: string;
  /** What the code was sent for, shown above the field so the member checks it once more. */
  summary: ReactNode;
  confirmLabel: string;
  confirming: boolean;
  /** `fail` puts the server's reason on the code field (wrong, used or expired code). */
  onConfirm: (otp: string, fail: (reason: string) => void) => void;
  /** Mails the code again, through the sender that mailed the first one (its wait shows). */
  resend: { onClick: () => void; sender: Pick<CodeSender<never>, 'isSending' | 'secondsLeft'> };
  backLabel: string;
  onBack: () => void;
};

/**
 * The second step of a change guarded by an email code: the code field, the
 * confirm button, a resend that waits as long as the server asks, and a way back to edit
 * what the code was sent for (a code is bound to it, so editing means a new code).
 */
export function EmailCodeStep({
  label,
  summary,
  confirmLabel,
  confirming,
  onConfirm,
  resend,
  backLabel,
  onBack,
}: Props) {
  const { control, handleSubmit, setError } = useForm<CodeFormInput, unknown, CodeFormOutput>({
    resolver: zodResolver(codeForm),
    defaultValues: { otp: '' },
  });
  const submit = handleSubmit(({ otp }) =>
    onConfirm(otp, (reason) => setError('otp', { message: reason }, { shouldFocus: true })),
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label={label}
      onSubmit={(event) => void submit(event)}
    >
      {summary}
      <OtpField
        control={control}
        name="otp"
        label="Email code"
        autoFocus
        helperText={`The ${OTP_LENGTH}-digit code we emailed you`}
      />
      <Button type="submit" variant="contained" size="large" loading={confirming}>
        {confirmLabel}
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onBack} disabled={confirming}>
          {backLabel}
        </Button>
        <SendCodeButton
          label="Resend code"
          sender={resend.sender}
          onClick={resend.onClick}
          disabled={confirming}
        />
      </Stack>
    </Stack>
  );
}
