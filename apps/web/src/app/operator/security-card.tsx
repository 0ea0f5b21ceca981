import SecurityRounded from '@mui/icons-material/SecurityRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { QueryStates } from '../../components/query-states.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { NewRecoveryCodesDialog } from '../../features/second-factor/components/new-recovery-codes-dialog.tsx';
import {
  SetUpDialog,
  type TotpEnrolmentHooks,
} from '../../features/second-factor/components/set-up-dialog.tsx';
import {
  useConfirmOperatorTotp,
  useOperatorSecondFactor,
  useRegenerateOperatorCodes,
  useSetUpOperatorTotp,
} from '../../features/operator-security/api/operator-second-factor.ts';

/** The member's enrolment dialog, on the operator's own endpoints. */
const operatorEnrolment: TotpEnrolmentHooks = {
  useSetUp: useSetUpOperatorTotp,
  useConfirm: useConfirmOperatorTotp,
};

/**
 * The signed-in operator's authenticator app (decision 0049): set it up (the password, the QR
 * code, a first code, then 10 recovery codes shown once), see how many recovery codes are left and
 * make new ones. Where the server requires it, the console opens nothing else until it is on.
 */
export function OperatorSecurityCard() {
  const status = useOperatorSecondFactor();
  const [dialog, setDialog] = useState<'set-up' | 'codes' | null>(null);
  const close = () => setDialog(null);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SecurityRounded color="primary" />
          <Typography component="h2" variant="h6">
            Two-factor authentication
          </Typography>
        </Stack>
        <QueryStates
          query={status}
          label="Two-factor authentication"
          errorMessage="Your two-factor authentication could not be loaded."
          empty={{ icon: null, title: '', description: '' }}
          isEmpty={() => false}
        >
          {(data) =>
            data.totp ? (
              <Stack spacing={1.5}>
                <Typography variant="body2">
                  Authenticator app on
                  {data.enabledAt ? ` since ${formatDateTime(data.enabledAt)}` : ''}; signing in
                  asks for its code after your password, and paying withdrawals, approving
                  adjustments and publishing the plan ask for it again after 5 minutes.
                </Typography>
                <Typography variant="body2">
                  {data.recoveryCodesLeft} of 10 recovery codes left.
                </Typography>
                <Button
                  variant="outlined"
                  onClick={() => setDialog('codes')}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  New recovery codes
                </Button>
              </Stack>
            ) : (
              <Stack spacing={1.5}>
                {data.required && (
                  <Alert severity="warning">
                    Set up an authenticator app to use the console: until it is on, this screen is
                    the only one that opens.
                  </Alert>
                )}
                <Typography variant="body2">
                  Off: signing in takes your password alone. An authenticator app adds a code that
                  changes every 30 seconds.
                </Typography>
                <Button
                  variant="contained"
                  onClick={() => setDialog('set-up')}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  Set up authenticator app
                </Button>
              </Stack>
            )
          }
        </QueryStates>
      </Stack>
      <SetUpDialog isOpen={dialog === 'set-up'} onClose={close} hooks={operatorEnrolment} />
      <NewRecoveryCodesDialog
        isOpen={dialog === 'codes'}
        onClose={close}
        useRegenerate={useRegenerateOperatorCodes}
      />
    </Paper>
  );
}
