import { ownDetailsForm, type MemberView, type OwnDetailsForm } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useChangeOwnDetails } from '../api/own-details.ts';

type Values = z.output<typeof ownDetailsForm>;
type Props = { member: MemberView; isOpen: boolean; onClose: () => void };

const FIELDS = ['name', 'mobile_number'] as const;
const prefilled = (member: MemberView): OwnDetailsForm => ({
  name: member.name,
  mobile_number: member.mobile,
});

/**
 * The member's own name and mobile number, prefilled; only what differs is sent. The server
 * checks the number by the registration's rules for its country and its reasons land on the
 * fields.
 */
export function OwnDetailsDialog({ member, isOpen, onClose }: Props) {
  const save = useChangeOwnDetails();
  const { control, handleSubmit, setError, reset } = useForm<OwnDetailsForm, unknown, Values>({
    resolver: zodResolver(ownDetailsForm),
    values: prefilled(member),
  });
  const close = () => {
    if (save.isPending) return;
    reset(prefilled(member));
    onClose();
  };
  const submit = handleSubmit((values) => {
    const mobile = values.mobile_number.replace(/\s+/g, '');
    const body = {
      ...(values.name !== member.name && { name: values.name }),
      ...(mobile !== member.mobile && { mobile_number: mobile }),
    };
    if (Object.keys(body).length === 0) return close();
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess('Your details were saved');
        onClose();
      },
      onError: (error) => void showFieldReasons(error, setError, FIELDS),
    });
  });
  return (
    <Dialog
      open={isOpen}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="own-details-title"
    >
      <DialogTitle id="own-details-title">Edit your details</DialogTitle>
      <DialogForm
        label="Edit your details"
        onSubmit={(event) => void submit(event)}
        submitLabel="Save"
        isPending={save.isPending}
        onCancel={close}
      >
        <FormTextField control={control} name="name" label="Name" autoComplete="name" />
        <FormTextField
          control={control}
          name="mobile_number"
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          helperText="With your country's dial code, e.g. +49 1512 3456789"
        />
      </DialogForm>
    </Dialog>
  );
}
