import { inviteOperatorBody, OPERATOR_ROLES, type InviteOperatorBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useInviteOperator } from '../api/operators.ts';
import { roleLabels } from './role-labels.ts';

type Values = z.output<typeof inviteOperatorBody>;
type Props = { open: boolean; onClose: () => void };

/** Email and role of a new operator; the server mails them a link to set their password. */
export function InviteOperatorDialog({ open, onClose }: Props) {
  const invite = useInviteOperator();
  const { control, handleSubmit, setError, reset } = useForm<InviteOperatorBody, unknown, Values>({
    resolver: zodResolver(inviteOperatorBody),
    defaultValues: { email: '', role: 'support' },
  });
  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: close,
      onError: (error) => void showFieldReasons(error, setError, ['email', 'role']),
    }),
  );
  return (
    <Dialog open={open} onClose={invite.isPending ? undefined : close} fullWidth maxWidth="xs">
      <DialogTitle>Invite operator</DialogTitle>
      <DialogForm
        label="Invite operator"
        onSubmit={(event) => void submit(event)}
        submitLabel="Send invitation"
        isPending={invite.isPending}
        onCancel={close}
      >
        <FormTextField control={control} name="email" label="Email" type="email" autoFocus />
        <Controller
          control={control}
          name="role"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Role"
              {...field}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {OPERATOR_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {roleLabels[role]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </DialogForm>
    </Dialog>
  );
}
