import type { OperatorTicketThread } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TicketThreadCard, TicketThreadStates } from '../../../components/ticket-thread-view.tsx';
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
    <TicketThreadCard
      ticket={ticket}
      byline={
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {ticket.member.name} · Registered ID {ticket.member.referralCode}
        </Typography>
      }
      messages={messages}
      isOwn={isSupport}
      authorOf={authorOf}
      footer={
        isClosed ? (
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
            Your role reads tickets but cannot answer or close them.
          </Alert>
        )
      }
    />
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
    <TicketThreadStates query={thread} backHref={backHref}>
      {(data) => <ThreadView thread={data} canAnswer={canAnswer} />}
    </TicketThreadStates>
  );
}
