import KeyRounded from '@mui/icons-material/KeyRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/toast.ts';
import {
  PASSKEY_BUTTON_ATTRIBUTE,
  PasskeyCancelled,
  usePasskeysSupported,
} from '../../../lib/webauthn.ts';

type Props = {
  /** The sign-in by passkey this button starts. */
  signIn: UseMutationResult<unknown, Error, void>;
  onSignedIn: () => void;
  /** The second step's challenge ended: back to the password. */
  onRestart?: () => void;
  label: string;
  variant?: ButtonProps['variant'];
};

/**
 * A sign-in by passkey: the device asks for the fingerprint, face or screen lock. Nothing shows
 * where the browser cannot use passkeys. A refusal is said in a toast; a cancelled request too.
 */
export function PasskeyButton({
  signIn,
  onSignedIn,
  onRestart,
  label,
  variant = 'outlined',
}: Props) {
  const isSupported = usePasskeysSupported();
  if (!isSupported) return null;
  const start = () =>
    signIn.mutate(undefined, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof PasskeyCancelled) notifyError(error.message);
        else if (error instanceof ApiError && error.status === 401) onRestart?.();
      },
    });
  return (
    <Button
      variant={variant}
      size="large"
      startIcon={<KeyRounded />}
      loading={signIn.isPending}
      onClick={start}
      {...{ [PASSKEY_BUTTON_ATTRIBUTE]: '' }}
    >
      {label}
    </Button>
  );
}
