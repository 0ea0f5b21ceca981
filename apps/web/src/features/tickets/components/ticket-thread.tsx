import type { TicketMessageView, TicketThread as Thread } from '@app/contracts';
import { TicketThreadCard, TicketThreadStates } from '../../../components/ticket-thread-view.tsx';
import { useTicketThread } from '../api/get-ticket-thread.ts';
import { ClosedReply, ReplyForm } from './reply-form.tsx';

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
    <TicketThreadCard
      ticket={ticket}
      messages={messages}
      isOwn={isMine}
      authorOf={authorOf}
      footer={
        ticket.status === 'closed' ? (
          <ClosedReply newTicketHref={newTicketHref} />
        ) : (
          <ReplyForm key={ticket.id} ticketId={ticket.id} />
        )
      }
    />
  );
}

/** A ticket and its messages, oldest first, with the reply box under them. */
export function TicketThread({ ticketId, backHref, newTicketHref }: Props) {
  const thread = useTicketThread(ticketId);
  return (
    <TicketThreadStates query={thread} backHref={backHref}>
      {(data) => <ThreadView thread={data} newTicketHref={newTicketHref} />}
    </TicketThreadStates>
  );
}
