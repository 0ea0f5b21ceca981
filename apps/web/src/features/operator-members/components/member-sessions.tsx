import DevicesRounded from '@mui/icons-material/DevicesRounded';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SessionList } from '../../../components/session-list.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import {
  useEndAllMemberSessions,
  useEndMemberSession,
  useMemberSessions,
} from '../api/member-sessions.ts';

type Props = { memberId: string; memberName: string; canEnd: boolean };

const TOLD = 'The member can sign in again, and is told in the app that an operator did this.';

/**
 * Where the member is signed in now; a role that acts on members (members.act) ends one session
 * or all of them, each audited. An operator's read-only views of the account are not listed.
 */
export function MemberSessions({ memberId, memberName, canEnd }: Props) {
  const sessions = useMemberSessions(memberId);
  const endOne = useEndMemberSession(memberId);
  const endAll = useEndAllMemberSessions(memberId);
  const [isConfirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);
  const count = sessions.data?.sessions.length ?? 0;

  return (
    <Stack component="section" aria-labelledby="member-sessions-title" spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack spacing={0.5}>
          <Typography
            id="member-sessions-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            Sessions and devices
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Where the member is signed in now, latest activity first.
          </Typography>
        </Stack>
        {canEnd && count > 0 && (
          <Button
            variant="outlined"
            color="error"
            onClick={() => setConfirming(true)}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
          >
            End all sessions
          </Button>
        )}
      </Stack>
      {sessions.isPending ? (
        <SkeletonRows rows={2} height={64} label="Loading sessions" />
      ) : sessions.isError ? (
        <QueryError
          message="The member's sessions could not be loaded."
          onRetry={() => void sessions.refetch()}
        />
      ) : count === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<DevicesRounded />}
            title="Not signed in anywhere"
            description="The member has no live session: none in the past 30 minutes, or all were ended."
          />
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ px: 2, py: 0.5 }}>
          <SessionList
            sessions={sessions.data.sessions}
            label={`${memberName}'s sessions`}
            onEnd={
              canEnd
                ? (session, done) =>
                    endOne.mutate(session.id, {
                      onSuccess: ({ message }) => notifySuccess(message || 'Session ended'),
                      onSettled: done,
                    })
                : undefined
            }
            isEnding={endOne.isPending}
            endDescription={TOLD}
          />
        </Paper>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title={`End all of ${memberName}'s sessions?`}
        description={`${count === 1 ? 'Their one session' : `All ${count} sessions`} will be signed out at once. ${TOLD}`}
        confirmLabel="End all sessions"
        tone="error"
        isPending={endAll.isPending}
        onConfirm={() =>
          endAll.mutate(undefined, {
            onSuccess: ({ message }) => notifySuccess(message || 'Sessions ended'),
            onSettled: close,
          })
        }
        onClose={close}
      />
    </Stack>
  );
}
