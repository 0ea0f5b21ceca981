import type { TicketView } from '@app/contracts';
import ForumRounded from '@mui/icons-material/ForumRounded';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useSupportParams, type SupportPane } from '../hooks/use-support-params.ts';
import { NewTicketForm } from './new-ticket-form.tsx';
import { TicketList } from './ticket-list.tsx';
import { TicketThread } from './ticket-thread.tsx';

/**
 * The support screen: the member's tickets, a thread, a new ticket. From 1200 px the list and
 * the open thread (or the form) sit side by side; below, each has the screen to itself, the
 * thread and the form with a way back to the list.
 */
export function SupportDesk() {
  const support = useSupportParams();
  const navigate = useNavigate();
  const { breakpoints } = useTheme();
  const isWide = useMediaQuery(breakpoints.up('lg'));
  const listHref = support.hrefOf({ kind: 'none' });
  const newTicketHref = support.hrefOf({ kind: 'new' });
  const opened = (ticket: TicketView) =>
    void navigate(support.hrefOf({ kind: 'thread', ticketId: ticket.id }), { replace: true });

  const pane = (current: SupportPane) => {
    if (current.kind === 'thread')
      return (
        <TicketThread
          key={current.ticketId}
          ticketId={current.ticketId}
          backHref={isWide ? undefined : listHref}
          newTicketHref={newTicketHref}
        />
      );
    if (current.kind === 'new') return <NewTicketForm cancelHref={listHref} onCreated={opened} />;
    return null;
  };

  if (!isWide) return pane(support.pane) ?? <TicketList support={support} />;
  const selectedId = support.pane.kind === 'thread' ? support.pane.ticketId : undefined;
  return (
    <Grid container spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Grid size={5}>
        <TicketList support={support} selectedId={selectedId} />
      </Grid>
      <Grid size={7}>
        {pane(support.pane) ?? (
          <Paper variant="outlined">
            <EmptyState
              icon={<ForumRounded />}
              title="Choose a ticket"
              description="Its messages and the reply box show here; or open a new ticket."
            />
          </Paper>
        )}
      </Grid>
    </Grid>
  );
}
