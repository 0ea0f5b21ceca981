import type { PasskeyView } from '@app/contracts';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDate } from '../../../lib/format-dates.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { usePasskeysSupported } from '../../../lib/webauthn.ts';
import { usePasskeys, useRemovePasskey, useSetPasskeySignIn } from '../api/passkeys.ts';
import { AddPasskeyDialog } from './add-passkey-dialog.tsx';
import { RenamePasskeyDialog } from './rename-passkey-dialog.tsx';

/**
 * The member's passkeys (decision 0048): each with its name, when it was added and last used;
 * add, rename and remove; and whether one may sign in with no password.
 */
export function PasskeysCard() {
  const { data, isPending, isError, refetch } = usePasskeys();
  const [adding, setAdding] = useState(0);
  const [renaming, setRenaming] = useState<PasskeyView | null>(null);
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const remove = useRemovePasskey();
  const signInAlone = useSetPasskeySignIn();
  const isSupported = usePasskeysSupported();

  return (
    <Paper variant="outlined" component="section" aria-labelledby="passkeys-title" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Typography id="passkeys-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Passkeys
        </Typography>
        {isPending && <SkeletonRows rows={2} label="Loading passkeys" />}
        {isError && (
          <QueryError message="Your passkeys could not be loaded." onRetry={() => void refetch()} />
        )}
        {data && data.passkeys.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            A passkey lets this device confirm it is you with your fingerprint, face or screen lock,
            after your password or instead of it. Nothing to type, and it cannot be used on a fake
            site.
          </Typography>
        )}
        {data && data.passkeys.length > 0 && (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {data.passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onRename={() => setRenaming(passkey)}
                onRemove={() => setRemoving(passkey)}
              />
            ))}
          </Stack>
        )}
        {data && data.passkeys.length > 0 && (
          <FormControlLabel
            control={
              <Switch
                checked={data.passkeySignIn}
                disabled={signInAlone.isPending}
                onChange={(event) =>
                  signInAlone.mutate(event.target.checked, {
                    onSuccess: ({ message }) => notifySuccess(message),
                  })
                }
              />
            }
            label="Sign in with a passkey alone, without the password"
          />
        )}
        {!isSupported && (
          <Alert severity="info" variant="outlined">
            This browser cannot use passkeys. Open this page in an up-to-date browser to add one.
          </Alert>
        )}
        {data && isSupported && (
          <Button
            variant={data.passkeys.length === 0 ? 'contained' : 'outlined'}
            startIcon={<KeyRounded />}
            onClick={() => setAdding((count) => count + 1)}
            sx={{ alignSelf: 'flex-start' }}
          >
            Add a passkey
          </Button>
        )}
      </Stack>
      {adding > 0 && <AddPasskeyDialog key={adding} isOpen onClose={() => setAdding(0)} />}
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        isOpen={removing !== null}
        title="Remove passkey"
        description={`"${removing?.name ?? ''}" will no longer confirm it is you. If it is your last second factor, signing in will take only your password and withdrawals pause for a while.`}
        confirmLabel="Remove"
        tone="error"
        isPending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notifySuccess('Passkey removed');
              setRemoving(null);
            },
          })
        }
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}

type RowProps = { passkey: PasskeyView; onRename: () => void; onRemove: () => void };

function PasskeyRow({ passkey, onRename, onRemove }: RowProps) {
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <KeyRounded color="action" aria-hidden />
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
            {passkey.name}
          </Typography>
          {passkey.backedUp && <Chip size="small" variant="outlined" label="Synced" />}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          Added {formatDate(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'not used yet'}
        </Typography>
      </Stack>
      <IconButton aria-label={`Rename ${passkey.name}`} onClick={onRename}>
        <EditRounded fontSize="small" />
      </IconButton>
      <IconButton aria-label={`Remove ${passkey.name}`} onClick={onRemove}>
        <DeleteOutlineRounded fontSize="small" />
      </IconButton>
    </Stack>
  );
}
