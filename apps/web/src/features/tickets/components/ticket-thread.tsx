import type { TicketThread as Thread } from '@app/contracts';
import { ThreadImage } from '../../../components/thread-image.tsx';
import {
  inWrittenOrder,
  TicketThreadCard,
  TicketThreadStates,
} from '../../../components/ticket-thread-view.tsx';
import { useTicketThread } from '../api/get-ticket-thread.ts';
import { ticketKeys } from '../api/query-keys.ts';
import { loadTicketImage } from '../api/ticket-images.ts';
import { ClosedReply, ReplyForm } from './reply-form.tsx';

type Props = {
  ticketId: string;
  /** The list's address: a Back control on narrow screens, where the thread has the screen. */
  backHref?: string | undefined;
  newTicketHref: string;
};

/** A message or an image, in one thread. */
type Entry = {
  id: string;
  from: 'member' | 'operator';
  message: string;
  createdAt: string;
  isImage: boolean;
};

const entriesOf = ({ messages, attachments }: Thread): Entry[] =>
  inWrittenOrder<Entry>(
    messages.map((message) => ({ ...message, isImage: false })),
    attachments.map(({ id, from, createdAt }) => ({
      id,
      from,
      createdAt,
      message: '',
      isImage: true,
    })),
  );

const isMine = (entry: Entry) => entry.from === 'member';
const authorOf = (entry: Entry) => (isMine(entry) ? 'You' : 'Support');
const imageOf = (entry: Entry) =>
  entry.isImage ? (
    <ThreadImage
      load={() => loadTicketImage(entry.id)}
      queryKey={ticketKeys.image(entry.id)}
      label={`Image from ${isMine(entry) ? 'you' : 'support'}`}
    />
  ) : undefined;

function ThreadView({ thread, newTicketHref }: { thread: Thread; newTicketHref: string }) {
  const { ticket } = thread;
  return (
    <TicketThreadCard
      ticket={ticket}
      messages={entriesOf(thread)}
      isOwn={isMine}
      authorOf={authorOf}
      contentOf={imageOf}
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

/** A ticket, its messages and images, oldest first, with the reply box under them. */
export function TicketThread({ ticketId, backHref, newTicketHref }: Props) {
  const thread = useTicketThread(ticketId);
  return (
    <TicketThreadStates query={thread} backHref={backHref}>
      {(data) => <ThreadView thread={data} newTicketHref={newTicketHref} />}
    </TicketThreadStates>
  );
}
