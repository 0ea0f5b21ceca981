import ForumRounded from '@mui/icons-material/ForumRounded';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useInboxParams } from '../hooks/use-inbox-params.ts';
import type { DeskAccess } from '../utils/desk-access.ts';
import { InboxList } from './inbox-list.tsx';
import { InboxThread } from './inbox-thread.tsx';

/**
 * The support inbox. From 1200 px the list and the open thread sit side by side; below, each
 * has the screen, the thread with a way back to the list. `access`: support and admins answer,
 * close, assign and keep notes; finance reads.
 */
export function TicketInbox({ access }: { access: DeskAccess }) {
  const inbox = useInboxParams();
  const { breakpoints } = useTheme();
  const isWide = useMediaQuery(breakpoints.up('lg'));
  const thread = (backHref?: string) =>
    inbox.ticketId && (
      <InboxThread
        key={inbox.ticketId}
        ticketId={inbox.ticketId}
        access={access}
        backHref={backHref}
      />
    );

  if (!isWide) return thread(inbox.hrefOf(null)) || <InboxList inbox={inbox} />;
  return (
    <Grid container spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Grid size={5}>
        <InboxList inbox={inbox} selectedId={inbox.ticketId ?? undefined} />
      </Grid>
      <Grid size={7}>
        {thread() || (
          <Paper variant="outlined">
            <EmptyState
              icon={<ForumRounded />}
              title="Choose a ticket"
              description="Its member, its messages and the answer box show here."
            />
          </Paper>
        )}
      </Grid>
    </Grid>
  );
}
