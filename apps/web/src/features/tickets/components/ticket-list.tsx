import { TICKET_STATUSES, type TicketView } from '@app/contracts';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import Stack from '@mui/material/Stack';
import { LinkButton } from '../../../components/link-button.tsx';
import { TicketLinkList } from '../../../components/ticket-link-list.tsx';
import { PagedStates } from '../../../components/paged-states.tsx';
import { StatusFilter } from '../../../components/select-filter.tsx';
import { useTickets } from '../api/get-tickets.ts';
import type { useSupportParams } from '../hooks/use-support-params.ts';
import { ticketStatusLabel } from '../../../components/ticket-status-chip.tsx';

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
          <TicketLinkList
            tickets={records}
            hrefOf={(ticket) => support.hrefOf({ kind: 'thread', ticketId: ticket.id })}
            selectedId={selectedId}
            turnOf={turnOf}
          />
        )}
      </PagedStates>
    </Stack>
  );
}
