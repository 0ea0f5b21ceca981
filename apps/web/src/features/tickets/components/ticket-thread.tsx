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
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { LinkButton } from '../../../components/link-button.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTicketThread } from '../api/get-ticket-thread.ts';
import { ClosedReply, ReplyForm } from './reply-form.tsx';
import { TicketStatusChip } from './ticket-status-chip.tsx';

type Props = {
  ticketId: string;
  /** The list's address: a Back control on narrow screens, where the thread has the screen. */
  backHref?: string | undefined;
  newTicketHref: string;
};

/**
 * One message. Whatever was typed is shown as text (React escapes it; nothing is parsed as
 * HTML), with its line breaks; the member's own on the right, support's on the left.
 */
function Message({ message }: { message: TicketMessageView }) {
  const isMine = message.from === 'member';
  return (
    <Box
      role="listitem"
      aria-label={`${isMine ? 'You' : 'Support'}, ${formatDateTime(message.createdAt)}`}
      sx={{
        alignSelf: isMine ? 'flex-end' : 'flex-start',
        maxWidth: { xs: '92%', sm: '85%' },
        px: 2,
        py: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: (theme) =>
          isMine ? alpha(theme.palette.primary.main, 0.08) : theme.palette.background.paper,
      }}
    >
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
          {isMine ? 'You' : 'Support'}
        </Box>{' '}
        · {formatDateTime(message.createdAt)}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.message}
      </Typography>
    </Box>
  );
}

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
        <Stack spacing={1.5} role="list" aria-label="Messages">
          {messages.map((message) => (
            <Message key={message.id} message={message} />
          ))}
        </Stack>
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
