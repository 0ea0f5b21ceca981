import {
  CLOSURE_REASON_MAX,
  closureRefusalBody,
  walletLabels,
  type OperatorClosureData,
  type StatementWallet,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DetailList } from '../../../components/detail-list.tsx';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useConfirmClosure, useMemberClosure, useRefuseClosure } from '../api/member-closure.ts';

const WALLETS: StatementWallet[] = ['fund', 'profit', 'compounding'];
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

type Props = { memberId: string; memberName: string; canDecide: boolean };

/**
 * A member's request to close their account, above the member's sections (decision 0060): while
 * it waits, the wallets, what stops it now and the profit given up, with Confirm and Refuse for
 * the roles that decide; once confirmed, when the personal data goes. Nothing otherwise.
 */
export function MemberClosurePanel({ memberId, memberName, canDecide }: Props) {
  const closure = useMemberClosure(memberId);
  const request = closure.data?.request;
  if (!closure.data || !request) return null;
  if (request.status === 'confirmed')
    return (
      <Alert
        severity="info"
        variant="outlined"
        component="section"
        role="region"
        aria-label="Account closed"
      >
        <AlertTitle>Closed at the member’s request</AlertTitle>
        On {formatDateTime(request.decidedAt ?? request.requestedAt)}
        {request.decidedBy ? ` by ${request.decidedBy}` : ''}.{' '}
        {request.erasedAt
          ? `Personal data erased on ${formatDateTime(request.erasedAt)}.`
          : request.eraseAfter
            ? `Personal data is erased after ${formatDateTime(request.eraseAfter)}.`
            : ''}
      </Alert>
    );
  if (request.status !== 'pending') return null;
  return (
    <PendingClosure
      memberId={memberId}
      memberName={memberName}
      canDecide={canDecide}
      data={closure.data}
      requestedAt={request.requestedAt}
    />
  );
}

function PendingClosure({
  memberId,
  memberName,
  canDecide,
  data,
  requestedAt,
}: Props & { data: OperatorClosureData; requestedAt: string }) {
  const [dialog, setDialog] = useState<'confirm' | 'refuse' | null>(null);
  const confirm = useConfirmClosure(memberId);
  const { wallets, blockers, packages } = data;
  const isBlocked = blockers.length > 0;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      component="section"
      // A panel to read and act on, not an announcement: a region, not the alert role.
      role="region"
      aria-label="Request to close the account"
      icon={false}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Stack spacing={2}>
        <div>
          <AlertTitle sx={{ mb: 0.25 }}>Asked to close their account</AlertTitle>
          <Typography variant="body2">
            On {formatDateTime(requestedAt)}. Confirming closes it for good: every session ends and
            sign-in is refused.
          </Typography>
        </div>
        <Grid container spacing={2}>
          {WALLETS.map((wallet) => (
            <Grid key={wallet} size={{ xs: 12, sm: 4 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {walletLabels[wallet]} wallet
              </Typography>
              <DetailList
                dense
                items={[
                  {
                    label: 'Available',
                    value: <Money value={wallets[wallet].available} decimals="amount" />,
                  },
                  {
                    label: 'Held',
                    value: <Money value={wallets[wallet].held} decimals="amount" />,
                  },
                ]}
              />
            </Grid>
          ))}
        </Grid>
        {isBlocked ? (
          <div>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Stops it now
            </Typography>
            <Typography component="ul" variant="body2" sx={{ pl: 2.5, my: 0 }}>
              {blockers.map((blocker) => (
                <li key={blocker.message}>{sentence(blocker.message)}</li>
              ))}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              The member withdraws what is left or finance settles it with an adjustment; an open
              deposit or withdrawal is decided in its queue.
            </Typography>
          </div>
        ) : (
          <Typography variant="body2">Nothing is left in the account: it can be closed.</Typography>
        )}
        {packages.active > 0 && (
          <Typography variant="body2">
            {packages.active === 1 ? '1 active package' : `${packages.active} active packages`}:{' '}
            <Money value={packages.remainingProfit} decimals="amount" /> of profit still to come,
            which the member agreed to give up.
          </Typography>
        )}
        {canDecide ? (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              color="error"
              disabled={isBlocked}
              onClick={() => setDialog('confirm')}
            >
              Confirm closure
            </Button>
            <Button variant="outlined" onClick={() => setDialog('refuse')}>
              Refuse
            </Button>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            An admin confirms or refuses it.
          </Typography>
        )}
      </Stack>
      {canDecide && (
        <>
          <ConfirmDialog
            isOpen={dialog === 'confirm'}
            title={`Close ${memberName}’s account?`}
            description={
              <>
                Every session ends at once and sign-in is refused, for good: a closed account is
                never reopened. The personal data is erased after the retention period; the ledger
                stays under the member’s id. The member is told by email.
              </>
            }
            confirmLabel="Close account"
            tone="error"
            isPending={confirm.isPending}
            onConfirm={() =>
              confirm.mutate(undefined, {
                onSuccess: ({ message }) => notifySuccess(message || 'Account closed'),
                onSettled: () => setDialog(null),
              })
            }
            onClose={() => setDialog(null)}
          />
          <RefuseDialog
            memberId={memberId}
            isOpen={dialog === 'refuse'}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </Alert>
  );
}

type RefusalValues = z.output<typeof closureRefusalBody>;

function RefuseDialog({
  memberId,
  isOpen,
  onClose,
}: {
  memberId: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const refuse = useRefuseClosure(memberId);
  const { control, handleSubmit, setError, reset } = useForm<
    z.input<typeof closureRefusalBody>,
    unknown,
    RefusalValues
  >({ resolver: zodResolver(closureRefusalBody), defaultValues: { reason: '' } });
  const close = () => {
    if (refuse.isPending) return;
    reset();
    onClose();
  };
  const submit = handleSubmit((values) =>
    refuse.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message || 'Request refused');
        reset();
        onClose();
      },
      onError: (error) => {
        if (!showFieldReasons(error, setError, ['reason'])) onClose();
      },
    }),
  );
  return (
    <Dialog
      open={isOpen}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="closure-refuse-title"
    >
      <DialogTitle id="closure-refuse-title" sx={{ pb: 0.5 }}>
        Refuse the request?
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }}>
        The account stays open. The member reads the reason in the app and by email, and may ask
        again.
      </Typography>
      <DialogForm
        label="Refuse the request"
        onSubmit={(event) => void submit(event)}
        submitLabel="Refuse"
        isPending={refuse.isPending}
        onCancel={close}
      >
        <FormTextField
          control={control}
          name="reason"
          label="Reason"
          autoFocus
          helperText={`Required, up to ${CLOSURE_REASON_MAX} characters; the member reads it`}
          slotProps={{ input: { multiline: true, minRows: 2 } }}
        />
      </DialogForm>
    </Dialog>
  );
}
