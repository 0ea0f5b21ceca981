import { ticketCategoryLabels, type TicketCategory, type TicketStatus } from '@app/contracts';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format.ts';
import { LinkButton } from './link-button.tsx';
import { MessageThread, type ThreadMessage } from './message-thread.tsx';
import { QueryError } from './query-error.tsx';
import { SkeletonRows } from './skeleton-rows.tsx';
import { TicketStatusChip } from './ticket-status-chip.tsx';

/** Entries of a thread (messages, images, notes) in the order they were written. */
export const inWrittenOrder = <T extends { createdAt: string }>(...lists: T[][]): T[] =>
  lists.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt));

/** What the thread's heading shows of a ticket, for the member and for support alike. */
type TicketHeading = {
  subject: string;
  number: number;
  category: TicketCategory;
  createdAt: string;
  status: TicketStatus;
};

type CardProps<M extends ThreadMessage> = {
  ticket: TicketHeading;
  /** A line under the heading for the reader who needs it (support: whose ticket it is). */
  byline?: ReactNode;
  messages: M[];
  isOwn: (message: M) => boolean;
  authorOf: (message: M) => string;
  /** Support's internal notes among the messages (the console only). */
  isNote?: (message: M) => boolean;
  /** What a message shows instead of its text (an image in the thread). */
  contentOf?: (message: M) => ReactNode;
  /** Above the messages: who the ticket is assigned to (the console only). */
  toolbar?: ReactNode;
  /** Under the messages: the reply box, or why there is none. */
  footer: ReactNode;
};

/** A ticket's subject, number, category and status, its messages, and the reader's way to answer. */
export function TicketThreadCard<M extends ThreadMessage>({
  ticket,
  byline,
  messages,
  isOwn,
  authorOf,
  isNote,
  contentOf,
  toolbar,
  footer,
}: CardProps<M>) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography
              component="h2"
              variant="h6"
              sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              {ticket.subject}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              #{ticket.number} · {ticketCategoryLabels[ticket.category]} · opened{' '}
              {formatDateTime(ticket.createdAt)}
            </Typography>
            {byline}
          </Stack>
          <Box sx={{ flexShrink: 0 }}>
            <TicketStatusChip status={ticket.status} />
          </Box>
        </Stack>
        {toolbar}
        <Divider />
        <MessageThread
          messages={messages}
          isOwn={isOwn}
          authorOf={authorOf}
          isNote={isNote}
          contentOf={contentOf}
        />
        <Divider />
        {footer}
      </Stack>
    </Paper>
  );
}

type StatesProps<T> = {
  query: UseQueryResult<T>;
  /** The list's address: a Back control on narrow screens, where the thread has the screen. */
  backHref?: string | undefined;
  children: (data: T) => ReactNode;
};

/** A ticket's thread while it loads or if it fails, with the way back to the list. */
export function TicketThreadStates<T>({ query, backHref, children }: StatesProps<T>) {
  return (
    <Stack spacing={1.5}>
      {backHref && (
        <Box>
          <LinkButton to={backHref} startIcon={<ArrowBackRounded />} sx={{ ml: -1 }}>
            All tickets
          </LinkButton>
        </Box>
      )}
      {query.isPending ? (
        <SkeletonRows label="Loading ticket" rows={4} height={56} />
      ) : query.isError ? (
        <QueryError
          message="This ticket could not be loaded."
          onRetry={() => void query.refetch()}
        />
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
