import {
  ticketCategoryLabels,
  type TicketMessageView,
  type TicketThread as Thread,
} from '@app/contracts';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LinkButton } from '../../../components/link-button.tsx';
import { MessageThread } from '../../../components/message-thread.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTicketThread } from '../api/get-ticket-thread.ts';
import { ClosedReply, ReplyForm } from './reply-form.tsx';
import { TicketStatusChip } from '../../../components/ticket-status-chip.tsx';

type Props = {
  ticketId: string;
  /** The list's address: a Back control on narrow screens, where the thread has the screen. */
  backHref?: string | undefined;
  newTicketHref: string;
};

const isMine = (message: TicketMessageView) => message.from === 'member';
const authorOf = (message: TicketMessageView) => (isMine(message) ? 'You' : 'Support');

function ThreadView({ thread, newTicketHref }: { thread: Thread; newTicketHref: string }) {
  const { ticket, messages } = thread;
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
            <Typography variant="body2" color="text.secondary">
              #{ticket.number} · {ticketCategoryLabels[ticket.category]} · opened{' '}
              {formatDateTime(ticket.createdAt)}
            </Typography>
          </Stack>
          <Box sx={{ flexShrink: 0 }}>
            <TicketStatusChip status={ticket.status} />
          </Box>
        </Stack>
        <Divider />
        <MessageThread messages={messages} isOwn={isMine} authorOf={authorOf} />
        <Divider />
        {ticket.status === 'closed' ? (
          <ClosedReply newTicketHref={newTicketHref} />
        ) : (
          <ReplyForm key={ticket.id} ticketId={ticket.id} />
        )}
      </Stack>
    </Paper>
  );
}

/** A ticket and its messages, oldest first, with the reply box under them. */
export function TicketThread({ ticketId, backHref, newTicketHref }: Props) {
  const thread = useTicketThread(ticketId);
  return (
    <Stack spacing={1.5}>
      {backHref && (
        <Box>
          <LinkButton to={backHref} startIcon={<ArrowBackRounded />} sx={{ ml: -1 }}>
            All tickets
          </LinkButton>
        </Box>
      )}
      {thread.isPending ? (
        <SkeletonRows label="Loading ticket" rows={4} height={56} />
      ) : thread.isError ? (
        <QueryError
          message="This ticket could not be loaded."
          onRetry={() => void thread.refetch()}
        />
      ) : (
        <ThreadView thread={thread.data} newTicketHref={newTicketHref} />
      )}
    </Stack>
  );
}
