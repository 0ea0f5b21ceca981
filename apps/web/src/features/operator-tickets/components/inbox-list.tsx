import {
  TICKET_ASSIGNMENT_FILTERS,
  TICKET_SORTS,
  TICKET_STATUSES,
  type OperatorTicketView,
  type TicketAssignmentFilter,
  type TicketSort,
} from '@app/contracts';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TicketLinkList } from '../../../components/ticket-link-list.tsx';
import { PagedStates } from '../../../components/paged-states.tsx';
import { FilterBar, SelectFilter } from '../../../components/select-filter.tsx';
import { ticketStatusLabel } from '../../../components/ticket-status-chip.tsx';
import { useInboxTickets } from '../api/tickets.ts';
import type { InboxParams } from '../hooks/use-inbox-params.ts';

const SORT_LABELS: Record<TicketSort, string> = {
  oldest: 'Oldest first',
  newest: 'Newest first',
};

const ASSIGNED_LABELS: Record<TicketAssignmentFilter, string> = {
  me: 'Assigned to me',
  none: 'Unassigned',
};

const filterSx = { flex: '1 1 150px', maxWidth: { sm: 240 } };

/** Whose turn it is, in words; a closed ticket waits for no one. */
const turnOf = (ticket: OperatorTicketView) =>
  ticket.status === 'closed'
    ? null
    : ticket.lastAuthor === 'member'
      ? 'Waiting for support'
      : 'Waiting for the member';

/** The inbox: tickets by status and age, each a link to its thread. */
export function InboxList({
  inbox,
  selectedId,
}: {
  inbox: InboxParams;
  /** The ticket whose thread is shown beside the list (wide screens). */
  selectedId?: string | undefined;
}) {
  const tickets = useInboxTickets(inbox.query);
  return (
    <Stack spacing={2}>
      <FilterBar>
        <TextField
          select
          size="small"
          label="Status"
          value={inbox.status}
          onChange={(event) => inbox.setFilters({ status: event.target.value })}
          sx={filterSx}
        >
          {TICKET_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {ticketStatusLabel(status)}
            </MenuItem>
          ))}
          <MenuItem value="all">All statuses</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Last activity"
          value={inbox.sort}
          onChange={(event) => inbox.setFilters({ sort: event.target.value })}
          sx={filterSx}
        >
          {TICKET_SORTS.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </MenuItem>
          ))}
        </TextField>
        <SelectFilter
          label="Assigned"
          allLabel="Anyone or nobody"
          options={TICKET_ASSIGNMENT_FILTERS}
          optionLabel={(assigned) => ASSIGNED_LABELS[assigned]}
          value={inbox.assigned === 'all' ? undefined : inbox.assigned}
          onChange={(assigned) => inbox.setFilters({ assigned })}
        />
      </FilterBar>
      <PagedStates
        query={tickets}
        paging={{ page: inbox.query.page, onChange: inbox.setPage }}
        label="Tickets"
        errorMessage="The tickets could not be loaded."
        empty={{
          icon: <SupportAgentRounded />,
          title: inbox.status === 'open' ? 'No tickets waiting' : 'No tickets',
          description:
            inbox.assigned !== 'all'
              ? `No ticket of this status is ${inbox.assigned === 'me' ? 'assigned to you' : 'unassigned'}; choose other filters.`
              : inbox.status === 'all'
                ? 'Tickets members open from their Query screen show here.'
                : 'No ticket has this status; choose another, or all of them.',
        }}
      >
        {(records) => (
          <TicketLinkList
            tickets={records}
            hrefOf={(ticket) => inbox.hrefOf(ticket.id)}
            selectedId={selectedId}
            turnOf={turnOf}
            bylineOf={(ticket) => (
              <>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {ticket.member.name} · {ticket.member.referralCode}
                </Typography>
                <Typography
                  variant="body2"
                  color={ticket.assignee ? 'text.primary' : 'text.secondary'}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {ticket.assignee ? `Assigned to ${ticket.assignee.email}` : 'Unassigned'}
                </Typography>
              </>
            )}
          />
        )}
      </PagedStates>
    </Stack>
  );
}
