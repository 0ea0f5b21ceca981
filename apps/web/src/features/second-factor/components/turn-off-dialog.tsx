import { totpDisableBody, type TotpDisableBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useDisableTotp } from '../api/disable-totp.ts';
import { SecondFactorCodeField } from '../../../components/second-factor-code-field.tsx';
import { SecondFactorDialog } from './second-factor-dialog.tsx';

type Props = { isOpen: boolean; onClose: () => void };

/** Turning the authenticator app off: the password and a code (the app's or a recovery code). */
export function TurnOffDialog({ isOpen, onClose }: Props) {
  const disabling = useDisableTotp();
  const close = () => {
    if (!disabling.isPending) onClose();
  };
  const { control, handleSubmit, setError } = useForm<
    TotpDisableBody,
    unknown,
    z.output<typeof totpDisableBody>
  >({ resolver: zodResolver(totpDisableBody), defaultValues: { password: '', code: '' } });
  const submit = handleSubmit((values) =>
    disabling.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message || 'Two-factor authentication is off');
        onClose();
      },
      onError: (error) => {
        // 409: it is off already (turned off elsewhere); the card reads the state again.
        if (error instanceof ApiError && error.status === 409) onClose();
        else showFieldReasons(error, setError, ['password', 'code']);
      },
    }),
  );

  return (
    <SecondFactorDialog isOpen={isOpen} title="Turn off two-factor authentication" onClose={close}>
      <DialogForm
        label="Turn off two-factor authentication"
        onSubmit={(event) => void submit(event)}
        submitLabel="Turn off"
        isPending={disabling.isPending}
        onCancel={close}
      >
        <Typography variant="body2">
          Signing in will take only your password again, and your recovery codes will stop working.
          Confirm with your password and a code.
        </Typography>
        <PasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="current-password"
          autoFocus
        />
        <SecondFactorCodeField control={control} name="code" />
      </DialogForm>
    </SecondFactorDialog>
  );
}
