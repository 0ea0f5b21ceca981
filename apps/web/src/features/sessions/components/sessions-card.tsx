import { sessionTitle, type MemberSessions } from '@app/contracts';
import VerifiedUserRounded from '@mui/icons-material/VerifiedUserRounded';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SessionList } from '../../../components/session-list.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useEndOtherSessions, useEndSession } from '../api/end-sessions.ts';
import { useSessions } from '../api/get-sessions.ts';

/**
 * Every browser signed in to the member's account, this one marked: End signs one out at once,
 * "End all other sessions" every one but this. Failures are toasted by the API client.
 */
export function SessionsCard() {
  const sessions = useSessions();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sessions-title" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography
            id="sessions-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            Sessions and devices
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Where your account is signed in now. End any session you do not recognise, then change
            your password.
          </Typography>
        </Stack>
        {sessions.isPending ? (
          <SkeletonRows rows={2} height={64} label="Loading sessions" />
        ) : sessions.isError ? (
          <QueryError
            message="Your sessions could not be loaded."
            onRetry={() => void sessions.refetch()}
          />
        ) : (
          <Sessions data={sessions.data} />
        )}
      </Stack>
    </Paper>
  );
}

function Sessions({ data }: { data: MemberSessions }) {
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [isConfirming, setConfirming] = useState(false);
  const others = data.sessions.filter((session) => !session.current);
  const close = () => setConfirming(false);

  return (
    <>
      <SessionList
        sessions={data.sessions}
        label="Signed-in sessions"
        onEnd={(session, done) =>
          endOne.mutate(session.id, {
            onSuccess: ({ message }) => notifySuccess(message || 'Session ended'),
            onSettled: done,
          })
        }
        isEnding={endOne.isPending}
        endDescription="Its next step will need your password."
      />
      {others.length === 0 ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <VerifiedUserRounded color="success" aria-hidden />
          <Typography variant="body2">
            Only this device is signed in. When you sign in somewhere else, it appears here.
          </Typography>
        </Stack>
      ) : (
        <Button
          variant="outlined"
          color="error"
          onClick={() => setConfirming(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          End all other sessions
        </Button>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title="End all other sessions?"
        description={
          <>
            {others.length === 1
              ? `${sessionTitle(others[0]!)} will be signed out at once.`
              : `All ${others.length} other sessions will be signed out at once.`}{' '}
            This device stays signed in.
          </>
        }
        confirmLabel="End other sessions"
        tone="error"
        isPending={endOthers.isPending}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: ({ message }) => notifySuccess(message || 'Other sessions ended'),
            onSettled: close,
          })
        }
        onClose={close}
      />
    </>
  );
}
