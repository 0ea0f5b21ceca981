import type { SecondFactorStatus } from '@app/contracts';
import VerifiedUserRounded from '@mui/icons-material/VerifiedUserRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDate } from '../../../lib/format-dates.ts';
import { useSecondFactor } from '../api/get-second-factor.ts';
import { NewRecoveryCodesDialog } from './new-recovery-codes-dialog.tsx';
import { SetUpDialog } from './set-up-dialog.tsx';
import { TurnOffDialog } from './turn-off-dialog.tsx';

/** From this many recovery codes left, the card asks for new ones. */
export const FEW_RECOVERY_CODES = 3;

type DialogKind = 'set-up' | 'turn-off' | 'new-codes';

const codesLeft = (count: number) =>
  count === 1 ? '1 recovery code left' : `${count} recovery codes left`;

/**
 * The authenticator app as a second step of signing in: off, a word on what it does and Set up;
 * on, since when and the recovery codes left, with New recovery codes and Turn off.
 */
export function SecondFactorCard() {
  const { data, isPending, isError, refetch } = useSecondFactor();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  // Each opening starts a dialog afresh (no password, secret or codes of an earlier one), while
  // a closing dialog keeps its content until it has faded out.
  const [opening, setOpening] = useState(0);
  const open = (kind: DialogKind) => {
    setOpening((count) => count + 1);
    setDialog(kind);
  };
  const close = () => setDialog(null);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="second-factor-title"
      sx={{ p: 2.5 }}
    >
      <Stack spacing={2}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Typography
            id="second-factor-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            Two-factor authentication
          </Typography>
          {data && (
            <Chip
              size="small"
              variant="outlined"
              color={data.totp || data.passkeys > 0 ? 'success' : 'default'}
              label={data.totp || data.passkeys > 0 ? 'On' : 'Off'}
            />
          )}
        </Stack>
        {isPending && <SkeletonRows rows={2} label="Loading two-factor authentication" />}
        {isError && (
          <QueryError
            message="Your two-factor authentication could not be loaded."
            onRetry={() => void refetch()}
          />
        )}
        {data && !data.totp && data.passkeys > 0 && (
          <>
            <Typography variant="body2">
              Your passkeys confirm your sign-ins and payouts. Recovery codes stand in for them if
              you lose your devices.
            </Typography>
            <RecoveryCodesLine left={data.recoveryCodesLeft} onNewCodes={() => open('new-codes')} />
          </>
        )}
        {data && !data.totp && (
          <>
            <Typography variant="body2" color="text.secondary">
              Signing in will ask for a code from an authenticator app on your phone after your
              password, so a stolen password alone cannot open your account.
            </Typography>
            <Button
              variant="contained"
              onClick={() => open('set-up')}
              sx={{ alignSelf: 'flex-start' }}
            >
              Set up authenticator app
            </Button>
          </>
        )}
        {data?.totp && (
          <IsOn
            status={data}
            onNewCodes={() => open('new-codes')}
            onTurnOff={() => open('turn-off')}
          />
        )}
      </Stack>
      <SetUpDialog key={`set-up-${opening}`} isOpen={dialog === 'set-up'} onClose={close} />
      <TurnOffDialog key={`turn-off-${opening}`} isOpen={dialog === 'turn-off'} onClose={close} />
      <NewRecoveryCodesDialog
        key={`new-codes-${opening}`}
        isOpen={dialog === 'new-codes'}
        onClose={close}
        asksForCode={data?.totp ?? true}
      />
    </Paper>
  );
}

type IsOnProps = { status: SecondFactorStatus; onNewCodes: () => void; onTurnOff: () => void };

function IsOn({ status, onNewCodes, onTurnOff }: IsOnProps) {
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <VerifiedUserRounded color="success" aria-hidden />
        <Stack spacing={0.25}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {status.enabledAt ? `On since ${formatDate(status.enabledAt)}` : 'On'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Signing in asks for a code from your authenticator app after your password.
          </Typography>
        </Stack>
      </Stack>
      <RecoveryCodesLine left={status.recoveryCodesLeft} onNewCodes={onNewCodes}>
        <Button variant="outlined" color="error" onClick={onTurnOff}>
          Turn off
        </Button>
      </RecoveryCodesLine>
    </>
  );
}

type RecoveryCodesLineProps = { left: number; onNewCodes: () => void; children?: ReactNode };

/** How many recovery codes are left (a warning when few), and New recovery codes. */
function RecoveryCodesLine({ left, onNewCodes, children }: RecoveryCodesLineProps) {
  return (
    <>
      {left <= FEW_RECOVERY_CODES ? (
        <Alert severity="warning" variant="outlined">
          {left === 0 ? 'No recovery codes left.' : `Only ${codesLeft(left)}.`} Make new ones, so
          that losing your phone does not lock you out.
        </Alert>
      ) : (
        <Typography variant="body2">{codesLeft(left)}</Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={onNewCodes}>
          New recovery codes
        </Button>
        {children}
      </Stack>
    </>
  );
}
