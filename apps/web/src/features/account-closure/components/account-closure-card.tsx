import type { AccountClosureData } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useAccountClosure, useCancelAccountClosure } from '../api/account-closure.ts';
import { CloseAccountDialog } from './close-account-dialog.tsx';

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/**
 * The profile's "Close account" card (decision 0060): a request waiting for an operator, with
 * Cancel; otherwise what closing does, what stops it now (money left, a request open) and the
 * button that opens the confirmation.
 */
export function AccountClosureCard() {
  const closure = useAccountClosure();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="account-closure-title"
      sx={{ p: 2.5 }}
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography
          id="account-closure-title"
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600 }}
        >
          Close account
        </Typography>
        {closure.isPending && (
          <Skeleton variant="rounded" width="100%" height={72} aria-label="Loading" />
        )}
        {closure.isError && (
          <QueryError
            message="Whether your account can be closed could not be loaded."
            onRetry={() => void closure.refetch()}
          />
        )}
        {closure.data &&
          (closure.data.request?.status === 'pending' ? (
            <PendingRequest
              id={closure.data.request.id}
              requestedAt={closure.data.request.requestedAt}
            />
          ) : (
            <AskToClose data={closure.data} />
          ))}
      </Stack>
    </Paper>
  );
}

function PendingRequest({ id, requestedAt }: { id: string; requestedAt: string }) {
  const cancel = useCancelAccountClosure();
  return (
    <>
      <Alert severity="info" variant="outlined" sx={{ alignSelf: 'stretch' }}>
        You asked to close your account on {formatDateTime(requestedAt)}. An operator will confirm
        it; until then your account works as before.
      </Alert>
      <Button
        variant="outlined"
        loading={cancel.isPending}
        onClick={() =>
          cancel.mutate(id, {
            onSuccess: ({ message }) => notifySuccess(message || 'Your request is cancelled'),
          })
        }
      >
        Cancel request
      </Button>
    </>
  );
}

function AskToClose({ data }: { data: AccountClosureData }) {
  const [isOpen, setIsOpen] = useState(false);
  const { request, blockers, packages, retentionDays } = data;
  return (
    <>
      {request?.status === 'refused' && (
        <Alert severity="warning" variant="outlined" sx={{ alignSelf: 'stretch' }}>
          Your request of {formatDateTime(request.requestedAt)} was refused: {request.refusalReason}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        Closing ends your account for good once an operator confirms it: you can no longer sign in.
        Your personal data is erased {retentionDays} days later; the records of your money stay,
        without your name.
      </Typography>
      {blockers.length > 0 && (
        <Stack spacing={0.5} sx={{ alignSelf: 'stretch' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Before you can close it
          </Typography>
          <Typography component="ul" variant="body2" sx={{ pl: 2.5, my: 0 }}>
            {blockers.map((blocker) => (
              <li key={blocker.message}>{sentence(blocker.message)}</li>
            ))}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Withdraw what is left and let open requests finish, or{' '}
            <TextLink to={paths.support}>ask support</TextLink> to settle it.
          </Typography>
        </Stack>
      )}
      <Button
        variant="outlined"
        color="error"
        disabled={blockers.length > 0}
        onClick={() => setIsOpen(true)}
      >
        Close account
      </Button>
      <CloseAccountDialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        packages={packages}
        retentionDays={retentionDays}
      />
    </>
  );
}
