import {
  emailChangeBody,
  OWN_EMAIL_TAKEN,
  OWN_EMAIL_UNCHANGED,
  type EmailChangeBody,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { OTP_LENGTH, OtpField } from '../../../components/otp-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useConfirmEmailChange, useStartEmailChange } from '../api/own-details.ts';

type Values = z.output<typeof emailChangeBody>;
type Props = { isOpen: boolean; onClose: () => void };

const codeForm = z.object({
  otp: z.string().length(OTP_LENGTH, `Enter the ${OTP_LENGTH}-digit code`),
});

/** The server's refusals that belong to the email field. */
const EMAIL_REFUSALS = [OWN_EMAIL_TAKEN, OWN_EMAIL_UNCHANGED];

/**
 * A new email in two steps (decision 0059): the address and the password, then the code mailed
 * to the new address. The old address stays until the code comes back, so a typo changes
 * nothing.
 */
export function EmailChangeDialog({ isOpen, onClose }: Props) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const close = () => {
    setSentTo(null);
    onClose();
  };
  return (
    <Dialog
      open={isOpen}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="email-change-title"
    >
      <DialogTitle id="email-change-title">Change your email</DialogTitle>
      {sentTo ? (
        <CodeStep email={sentTo} onDone={close} onBack={() => setSentTo(null)} />
      ) : (
        <AddressStep onSent={setSentTo} onCancel={close} />
      )}
    </Dialog>
  );
}

function AddressStep({
  onSent,
  onCancel,
}: {
  onSent: (email: string) => void;
  onCancel: () => void;
}) {
  const start = useStartEmailChange();
  const { control, handleSubmit, setError } = useForm<EmailChangeBody, unknown, Values>({
    resolver: zodResolver(emailChangeBody),
    defaultValues: { email: '', password: '' },
  });
  const submit = handleSubmit((values) =>
    start.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message || 'A code was sent');
        onSent(values.email);
      },
      onError: (error) => {
        if (showFieldReasons(error, setError, ['email', 'password'])) return;
        if (error instanceof ApiError && EMAIL_REFUSALS.includes(error.message))
          setError('email', { message: error.message });
      },
    }),
  );
  return (
    <DialogForm
      label="The new address"
      onSubmit={(event) => void submit(event)}
      submitLabel="Send code"
      isPending={start.isPending}
      onCancel={onCancel}
    >
      <Typography variant="body2" color="text.secondary">
        We send a code to the new address. Your email changes once you type it here; both addresses
        are told, and withdrawals pause for a while, as after any security change.
      </Typography>
      <FormTextField
        control={control}
        name="email"
        label="New email"
        type="email"
        autoComplete="email"
      />
      <PasswordField
        control={control}
        name="password"
        label="Your password"
        autoComplete="current-password"
      />
    </DialogForm>
  );
}

function CodeStep({
  email,
  onDone,
  onBack,
}: {
  email: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const confirm = useConfirmEmailChange();
  const { control, handleSubmit, setError } = useForm<z.input<typeof codeForm>>({
    resolver: zodResolver(codeForm),
    defaultValues: { otp: '' },
  });
  const submit = handleSubmit(({ otp }) =>
    confirm.mutate(
      { email, otp },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message || `Your email is now ${email}`);
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) setError('otp', { message: error.message });
        },
      },
    ),
  );
  return (
    <DialogForm
      label="Code from the new address"
      onSubmit={(event) => void submit(event)}
      submitLabel="Change email"
      isPending={confirm.isPending}
      onCancel={onBack}
      cancelLabel="Back"
    >
      <Typography variant="body2" color="text.secondary">
        Type the {OTP_LENGTH}-digit code we sent to <strong>{email}</strong>. It works for 10
        minutes.
      </Typography>
      <OtpField control={control} name="otp" label="Code" />
    </DialogForm>
  );
}
