import type { SecondFactorStatus } from '@app/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { QueryStates } from '../../../components/query-states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ResetSecondFactorDialog } from '../../../components/reset-second-factor-dialog.tsx';
import {
  useMemberPasskeys,
  useMemberSecondFactor,
  useResetSecondFactor,
} from '../api/member-actions.ts';

type Props = { memberId: string; memberName: string; canReset: boolean };

/** The member's second factors in a sentence, as support reads them on a call. */
function describeFactors(status: SecondFactorStatus): string {
  const parts = [
    status.totp && status.enabledAt
      ? `Authenticator app on since ${formatDateTime(status.enabledAt)}`
      : null,
    status.passkeys > 0 ? `${status.passkeys} passkey${status.passkeys === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return 'Off: signing in takes the password alone.';
  return `${parts.join('; ')}; ${status.recoveryCodesLeft} recovery codes left.`;
}

/** The member's passkeys: names, when added and last used, and whether one signs in alone. */
function MemberPasskeys({ memberId }: { memberId: string }) {
  const passkeys = useMemberPasskeys(memberId);
  const data = passkeys.data;
  if (!data || data.passkeys.length === 0) return null;
  return (
    <Stack spacing={0.5}>
      <Stack component="ul" aria-label="Passkeys" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
        {data.passkeys.map((passkey) => (
          <Typography component="li" variant="body2" key={passkey.id}>
            {passkey.name}: added {formatDateTime(passkey.createdAt)},{' '}
            {passkey.lastUsedAt
              ? `last used ${formatDateTime(passkey.lastUsedAt)}`
              : 'not used yet'}
            {passkey.backedUp ? ' (synced)' : ''}
          </Typography>
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {data.passkeySignIn
          ? 'A passkey may sign in alone, without the password.'
          : 'Passkeys confirm sign-ins after the password.'}
      </Typography>
    </Stack>
  );
}

/**
 * The member's authenticator app as the console sees it: on since when, recovery codes left; an
 * admin turns it off for a member who lost the phone and the codes, with a reason (decision 0045).
 */
export function MemberSecondFactor({ memberId, memberName, canReset }: Props) {
  const status = useMemberSecondFactor(memberId);
  const resetting = useResetSecondFactor(memberId);
  const [isResetting, setIsResetting] = useState(false);
  return (
    <Stack component="section" aria-labelledby="member-second-factor-title" spacing={1.5}>
      <Typography
        id="member-second-factor-title"
        component="h2"
        variant="subtitle1"
        sx={{ fontWeight: 600 }}
      >
        Two-factor authentication
      </Typography>
      <QueryStates
        query={status}
        label="Two-factor authentication"
        errorMessage="The member's two-factor authentication could not be loaded."
        empty={{ icon: null, title: '', description: '' }}
        isEmpty={() => false}
      >
        {(data) => (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Typography variant="body2">{describeFactors(data)}</Typography>
            {(data.totp || data.passkeys > 0) && canReset && (
              <Button variant="outlined" color="error" onClick={() => setIsResetting(true)}>
                Reset two-factor
              </Button>
            )}
          </Stack>
        )}
      </QueryStates>
      <MemberPasskeys memberId={memberId} />
      <ResetSecondFactorDialog
        isOpen={isResetting}
        onClose={() => setIsResetting(false)}
        description={`${memberName} signs in with the password alone until they turn it on again. Do this only once you know it is them. They are told by email and in the app, withdrawals pause as after any security change, and the reason goes to the audit log.`}
        resetting={resetting}
      />
    </Stack>
  );
}
