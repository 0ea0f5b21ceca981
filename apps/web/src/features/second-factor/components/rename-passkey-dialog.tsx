import {
  passkeyLabels,
  passkeyRenameBody,
  type PasskeyRenameBody,
  type PasskeyView,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useRenamePasskey } from '../api/passkeys.ts';
import { SecondFactorDialog } from './second-factor-dialog.tsx';

type Props = { passkey: PasskeyView | null; onClose: () => void };

/** A new name for one passkey, so the member can tell them apart. */
export function RenamePasskeyDialog({ passkey, onClose }: Props) {
  const renaming = useRenamePasskey();
  const { control, handleSubmit, setError } = useForm<
    PasskeyRenameBody,
    unknown,
    z.output<typeof passkeyRenameBody>
  >({ resolver: zodResolver(passkeyRenameBody), values: { name: passkey?.name ?? '' } });
  const close = () => {
    if (!renaming.isPending) onClose();
  };
  const submit = handleSubmit((values) => {
    if (!passkey) return;
    renaming.mutate(
      { id: passkey.id, ...values },
      {
        onSuccess: () => {
          notifySuccess('Passkey renamed');
          onClose();
        },
        onError: (error) => void showFieldReasons(error, setError, ['name']),
      },
    );
  });
  return (
    <SecondFactorDialog isOpen={passkey !== null} title="Rename passkey" onClose={close}>
      <DialogForm
        label="Rename passkey"
        onSubmit={(event) => void submit(event)}
        submitLabel="Save"
        isPending={renaming.isPending}
        onCancel={close}
      >
        <FormTextField control={control} name="name" label={passkeyLabels.name} autoFocus />
      </DialogForm>
    </SecondFactorDialog>
  );
}
