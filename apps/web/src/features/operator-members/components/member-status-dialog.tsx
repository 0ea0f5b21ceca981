import { BLOCK_REASON_MAX, memberStatusBody, type OperatorMemberProfile } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useSetMemberStatus } from '../api/member-actions.ts';

type Values = z.output<typeof memberStatusBody>;

type Props = { member: OperatorMemberProfile; isOpen: boolean; onClose: () => void };

/**
 * Block or unblock, confirmed with the reason the audit log keeps. Blocking says what it does:
 * every session ends at once and sign-in is refused until someone unblocks.
 */
export function MemberStatusDialog({ member, isOpen, onClose }: Props) {
  const block = member.status === 'active';
  const setStatus = useSetMemberStatus(member.id);
  const { control, handleSubmit, setError, reset } = useForm<
    z.input<typeof memberStatusBody>,
    unknown,
    Values
  >({ resolver: zodResolver(memberStatusBody), defaultValues: { reason: '' } });
  const close = () => {
    if (setStatus.isPending) return;
    reset();
    onClose();
  };
  const submit = handleSubmit(({ reason }) =>
    setStatus.mutate(
      { reason, block },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message || (block ? 'Member blocked' : 'Member unblocked'));
          reset();
          onClose();
        },
        onError: (error) => showFieldReasons(error, setError, ['reason']),
      },
    ),
  );
  const verb = block ? 'Block' : 'Unblock';
  return (
    <Dialog
      open={isOpen}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="member-status-title"
    >
      <DialogTitle id="member-status-title" sx={{ pb: 0.5 }}>
        {verb} {member.name}?
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }}>
        {block
          ? `${member.name} (${member.referralCode}) is signed out everywhere at once and cannot sign in until unblocked. They get no notice in the app.`
          : `${member.name} (${member.referralCode}) can sign in again.`}{' '}
        The reason goes to the audit log.
      </Typography>
      <DialogForm
        label={`${verb} member`}
        onSubmit={(event) => void submit(event)}
        submitLabel={verb}
        isPending={setStatus.isPending}
        onCancel={close}
      >
        <FormTextField
          control={control}
          name="reason"
          label="Reason"
          autoFocus
          helperText={`Required, up to ${BLOCK_REASON_MAX} characters`}
          slotProps={{ input: { multiline: true, minRows: 2 } }}
        />
      </DialogForm>
    </Dialog>
  );
}
