import { ticketCategoryLabels, type OperatorTicketThread } from '@app/contracts';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { MessageThread } from '../../../components/message-thread.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { TicketStatusChip } from '../../../components/ticket-status-chip.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useCloseTicket, useInboxThread } from '../api/tickets.ts';
import { AnswerForm } from './answer-form.tsx';

type Message = OperatorTicketThread['messages'][number];
const isSupport = (message: Message) => message.from === 'operator';

function CloseButton({ ticketId, number }: { ticketId: string; number: number }) {
  const [isConfirming, setConfirming] = useState(false);
  const closing = useCloseTicket();
  return (
    <>
      <Button color="error" onClick={() => setConfirming(true)}>
        Close ticket
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={`Close ticket #${number}?`}
        description="The member is told it is closed and can no longer reply to it; a new question needs a new ticket."
        confirmLabel="Close ticket"
        tone="error"
        isPending={closing.isPending}
        onConfirm={() =>
          closing.mutate(ticketId, {
            onSuccess: ({ message }) => notifySuccess(message),
            onSettled: () => setConfirming(false),
          })
        }
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function ThreadView({ thread, canAnswer }: { thread: OperatorTicketThread; canAnswer: boolean }) {
  const { ticket, messages } = thread;
  const authorOf = (message: Message) =>
    isSupport(message) ? (message.operatorEmail ?? 'Support') : ticket.member.name;
  const isClosed = ticket.status === 'closed';
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
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {ticket.member.name} · Registered ID {ticket.member.referral_code}
            </Typography>
          </Stack>
          <Box sx={{ flexShrink: 0 }}>
            <TicketStatusChip status={ticket.status} />
          </Box>
        </Stack>
        <Divider />
        <MessageThread messages={messages} isOwn={isSupport} authorOf={authorOf} />
        <Divider />
        {isClosed ? (
          <Alert severity="info" variant="outlined">
            Closed {ticket.closedAt ? formatDateTime(ticket.closedAt) : ''}: it takes no more
            answers or replies.
          </Alert>
        ) : canAnswer ? (
          <AnswerForm
            key={ticket.id}
            ticketId={ticket.id}
            extraAction={<CloseButton ticketId={ticket.id} number={ticket.number} />}
          />
        ) : (
          <Alert severity="info" variant="outlined">
            Your role reads tickets; support and admins answer and close them.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

type Props = {
  ticketId: string;
  canAnswer: boolean;
  /** The list's address: a Back control on narrow screens, where the thread has the screen. */
  backHref?: string | undefined;
};

/** A ticket, its member and its thread, with the answer box and Close for support. */
export function InboxThread({ ticketId, canAnswer, backHref }: Props) {
  const thread = useInboxThread(ticketId);
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
        <ThreadView thread={thread.data} canAnswer={canAnswer} />
      )}
    </Stack>
  );
}
