import {
  BLOCK_REASON_MAX,
  MEMBER_EMAIL_TAKEN,
  memberDetailsForm,
  type MemberDetailsForm,
  type OperatorMemberProfile,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useEditMemberDetails } from '../api/member-details.ts';

type Values = z.output<typeof memberDetailsForm>;
type Props = { member: OperatorMemberProfile; isOpen: boolean; onClose: () => void };

const FIELDS = ['name', 'email', 'mobile_number', 'reason'] as const;

const prefilled = (member: OperatorMemberProfile): MemberDetailsForm => ({
  name: member.name,
  email: member.email,
  mobile_number: member.mobile,
  reason: '',
});

/**
 * Correct a member's name, email or mobile number, with the reason the audit log keeps. The
 * server checks each field by the registration's rules and its reasons land on their fields.
 */
export function MemberDetailsDialog({ member, isOpen, onClose }: Props) {
  const edit = useEditMemberDetails(member.id);
  const { control, handleSubmit, setError, reset } = useForm<MemberDetailsForm, unknown, Values>({
    resolver: zodResolver(memberDetailsForm),
    values: prefilled(member),
  });
  const close = () => {
    if (edit.isPending) return;
    reset(prefilled(member));
    onClose();
  };
  const submit = handleSubmit((values) =>
    edit.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message || 'Member details changed');
        onClose();
      },
      onError: (error) => {
        if (showFieldReasons(error, setError, FIELDS)) return;
        if (error instanceof ApiError && error.message === MEMBER_EMAIL_TAKEN)
          setError('email', { message: MEMBER_EMAIL_TAKEN });
      },
    }),
  );
  return (
    <Dialog
      open={isOpen}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="member-details-title"
    >
      <DialogTitle id="member-details-title" sx={{ pb: 0.5 }}>
        Edit {member.name}&apos;s details
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }}>
        The member is told in the app and by mail; a new email is told at both addresses and must be
        verified again. The reason goes to the audit log with each change.
      </Typography>
      <DialogForm
        label="Edit member details"
        onSubmit={(event) => void submit(event)}
        submitLabel="Save changes"
        isPending={edit.isPending}
        onCancel={close}
      >
        <FormTextField control={control} name="name" label="Name" autoComplete="off" />
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="off"
        />
        <FormTextField
          control={control}
          name="mobile_number"
          label="Mobile number"
          autoComplete="off"
          helperText="With the dial code, e.g. +919876543210"
        />
        <FormTextField
          control={control}
          name="reason"
          label="Reason"
          helperText={`Required, up to ${BLOCK_REASON_MAX} characters`}
          slotProps={{ input: { multiline: true, minRows: 2 } }}
        />
      </DialogForm>
    </Dialog>
  );
}
