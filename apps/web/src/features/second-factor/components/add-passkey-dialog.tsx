import { PASSKEY_NAME_MAX, passkeyLabels, passkeyOptionsBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { PasskeyCancelled } from '../../../lib/webauthn.ts';
import { useAddPasskey } from '../api/passkeys.ts';
import { RecoveryCodesStep } from './recovery-codes-step.tsx';
import { SecondFactorDialog } from './second-factor-dialog.tsx';

const addPasskeyForm = passkeyOptionsBody.extend({
  name: z.string().trim().min(1, `${passkeyLabels.name} is required`).max(PASSKEY_NAME_MAX),
});
type AddPasskeyForm = z.input<typeof addPasskeyForm>;

/** A name the member will recognise in the list: the kind of device this is. */
export function suggestedPasskeyName(userAgent: string): string {
  if (/iPhone|iPad/.test(userAgent)) return 'iPhone';
  if (/Android/.test(userAgent))
    return /Mobile/.test(userAgent) ? 'Android phone' : 'Android tablet';
  if (/Mac OS X/.test(userAgent)) return 'Mac';
  if (/Windows/.test(userAgent)) return 'Windows computer';
  if (/CrOS/.test(userAgent)) return 'Chromebook';
  return 'My passkey';
}

type Props = { isOpen: boolean; onClose: () => void };

/**
 * Adding a passkey: a name and the password, then the device asks for the fingerprint, face or
 * screen lock. The first second factor of the account also shows the recovery codes, once.
 */
export function AddPasskeyDialog({ isOpen, onClose }: Props) {
  const adding = useAddPasskey();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { control, handleSubmit, setError } = useForm<AddPasskeyForm>({
    resolver: zodResolver(addPasskeyForm),
    defaultValues: { name: suggestedPasskeyName(navigator.userAgent), password: '' },
  });
  const close = () => {
    if (!adding.isPending && !codes) onClose();
  };
  const submit = handleSubmit((values) =>
    adding.mutate(
      { name: values.name.trim(), password: values.password },
      {
        onSuccess: ({ data }) => {
          notifySuccess('Passkey added');
          if (data.recoveryCodes) setCodes(data.recoveryCodes);
          else onClose();
        },
        onError: (error) => {
          if (error instanceof PasskeyCancelled) notifyError(error.message);
          else showFieldReasons(error, setError, ['name', 'password']);
        },
      },
    ),
  );

  return (
    <SecondFactorDialog
      isOpen={isOpen}
      title={codes ? 'Save your recovery codes' : 'Add a passkey'}
      onClose={close}
    >
      {codes ? (
        <RecoveryCodesStep codes={codes} onDone={onClose} />
      ) : (
        <DialogForm
          label="Add a passkey"
          onSubmit={(event) => void submit(event)}
          submitLabel="Continue"
          isPending={adding.isPending}
          onCancel={close}
        >
          <Typography variant="body2">
            Your device will ask for your fingerprint, face or screen lock. The passkey then
            confirms it is you when you sign in and when money moves: nothing to type, and it cannot
            be used on a fake site.
          </Typography>
          <FormTextField control={control} name="name" label={passkeyLabels.name} />
          <PasswordField
            control={control}
            name="password"
            label="Password"
            autoComplete="current-password"
            autoFocus
          />
        </DialogForm>
      )}
    </SecondFactorDialog>
  );
}
