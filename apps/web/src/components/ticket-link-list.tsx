import { ticketCategoryLabels, type TicketCategory, type TicketStatus } from '@app/contracts';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../lib/format.ts';
import { TicketStatusChip } from './ticket-status-chip.tsx';

/** What a ticket's row shows, for the member and for support alike. */
type TicketRow = {
  id: string;
  subject: string;
  number: number;
  category: TicketCategory;
  status: TicketStatus;
  updatedAt: string;
};

type Props<T extends TicketRow> = {
  tickets: T[];
  /** The address of a ticket's thread. */
  hrefOf: (ticket: T) => string;
  /** The ticket whose thread is shown beside the list (wide screens). */
  selectedId?: string | undefined;
  /** Whose turn it is, in the reader's words; null where no one's (a closed ticket). */
  turnOf: (ticket: T) => string | null;
  /** A line under the subject for the reader who needs it (support: whose ticket it is). */
  bylineOf?: (ticket: T) => ReactNode;
};

/** Tickets as links to their threads: subject, number, category, whose turn, last activity. */
export function TicketLinkList<T extends TicketRow>({
  tickets,
  hrefOf,
  selectedId,
  turnOf,
  bylineOf,
}: Props<T>) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <List aria-label="Tickets" disablePadding>
        {tickets.map((ticket, index) => (
          <ListItem key={ticket.id} disablePadding divider={index < tickets.length - 1}>
            <ListItemButton
              component={RouterLink}
              to={hrefOf(ticket)}
              selected={ticket.id === selectedId}
              aria-current={ticket.id === selectedId ? 'true' : undefined}
              sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5 }}
            >
              <Stack spacing={0.25} sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {ticket.subject}
                </Typography>
                {bylineOf?.(ticket)}
                <Typography variant="body2" color="text.secondary">
                  {[`#${ticket.number}`, ticketCategoryLabels[ticket.category], turnOf(ticket)]
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
  );
}
