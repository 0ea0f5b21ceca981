import { secondFactorResetBody, type SecondFactorResetBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm } from './dialog-form.tsx';
import { FormTextField } from './form-text-field.tsx';
import { notifySuccess } from '../lib/toast.ts';
import { showFieldReasons } from '../lib/validation-reason.ts';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  /** What happens to the account, said before the admin confirms. */
  description: string;
  /** The reset's call: a member's factor, or another operator's (decisions 0045, 0049). */
  resetting: UseMutationResult<{ message: string }, unknown, SecondFactorResetBody>;
};

/**
 * An admin's reset of someone's second factor, with the reason the audit log keeps (how it was
 * checked that it is them).
 */
export function ResetSecondFactorDialog({ isOpen, onClose, description, resetting }: Props) {
  const { control, handleSubmit, setError, reset } = useForm<
    SecondFactorResetBody,
    unknown,
    z.output<typeof secondFactorResetBody>
  >({ resolver: zodResolver(secondFactorResetBody), defaultValues: { reason: '' } });
  const close = () => {
    if (resetting.isPending) return;
    reset();
    onClose();
  };
  const submit = handleSubmit((values) =>
    resetting.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message || 'Two-factor authentication turned off');
        reset();
        onClose();
      },
      onError: (error) => showFieldReasons(error, setError, ['reason']),
    }),
  );
  return (
    <Dialog open={isOpen} onClose={close} fullWidth maxWidth="xs" aria-labelledby="reset-2fa-title">
      <DialogTitle id="reset-2fa-title" sx={{ pb: 0.5 }}>
        Reset two-factor authentication?
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }}>
        {description}
      </Typography>
      <DialogForm
        label="Reset two-factor authentication"
        onSubmit={(event) => void submit(event)}
        submitLabel="Reset"
        isPending={resetting.isPending}
        onCancel={close}
      >
        <FormTextField
          control={control}
          name="reason"
          label="Reason"
          autoFocus
          helperText="How you checked it is them, up to 500 characters"
          slotProps={{ input: { multiline: true, minRows: 2 } }}
        />
      </DialogForm>
    </Dialog>
  );
}
