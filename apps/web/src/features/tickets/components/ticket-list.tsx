import { TICKET_STATUSES, ticketCategoryLabels, type TicketView } from '@app/contracts';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from '../../../components/link-button.tsx';
import { PagedStates } from '../../../components/paged-states.tsx';
import { StatusFilter } from '../../../components/select-filter.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTickets } from '../api/get-tickets.ts';
import type { useSupportParams } from '../hooks/use-support-params.ts';
import { TicketStatusChip, ticketStatusLabel } from '../../../components/ticket-status-chip.tsx';

type Props = {
  support: ReturnType<typeof useSupportParams>;
  /** The ticket whose thread is shown beside the list (wide screens). */
  selectedId?: string | undefined;
};

/** Whose turn it is, in words, beside the chip's state; a closed ticket waits for no one. */
function turnOf(ticket: TicketView): string | null {
  if (ticket.status === 'closed') return null;
  return ticket.lastAuthor === 'operator' ? 'Support replied' : 'Waiting for support';
}

/** The member's tickets, newest activity first, each a link to its thread. */
export function TicketList({ support, selectedId }: Props) {
  const tickets = useTickets(support.query);
  const newTicket = (
    <LinkButton to={support.hrefOf({ kind: 'new' })} variant="contained">
      New ticket
    </LinkButton>
  );
  return (
    <Stack spacing={2}>
      <StatusFilter
        statuses={TICKET_STATUSES}
        statusLabel={ticketStatusLabel}
        value={support.status}
        onChange={(next) => support.setFilters({ status: next })}
      />
      <PagedStates
        query={tickets}
        paging={{ page: support.query.page, onChange: support.setPage }}
        label="Tickets"
        errorMessage="Your tickets could not be loaded."
        empty={{
          icon: <SupportAgentRounded />,
          title: 'No tickets yet',
          description:
            'A question about a deposit, a withdrawal, a package or your account? Open a ticket and support answers here.',
          action: newTicket,
        }}
        isFiltered={Boolean(support.status)}
        emptyFiltered={{
          title: 'No tickets with this status',
          description: 'Choose another status, or all of them.',
        }}
      >
        {(records) => (
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <List aria-label="Tickets" disablePadding>
              {records.map((ticket, index) => (
                <ListItem key={ticket.id} disablePadding divider={index < records.length - 1}>
                  <ListItemButton
                    component={RouterLink}
                    to={support.hrefOf({ kind: 'thread', ticketId: ticket.id })}
                    selected={ticket.id === selectedId}
                    aria-current={ticket.id === selectedId ? 'true' : undefined}
                    sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5 }}
                  >
                    <Stack spacing={0.25} sx={{ minWidth: 0, flexGrow: 1 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {ticket.subject}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {[
                          `#${ticket.number}`,
                          ticketCategoryLabels[ticket.category],
                          turnOf(ticket),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        Last activity {formatDateTime(ticket.updatedAt)}
                      </Typography>
                    </Stack>
                    <TicketStatusChip status={ticket.status} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </PagedStates>
    </Stack>
  );
}
