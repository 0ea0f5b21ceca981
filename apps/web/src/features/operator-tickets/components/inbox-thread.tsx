import type { OperatorTicketThread } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ThreadImage } from '../../../components/thread-image.tsx';
import {
  inWrittenOrder,
  TicketThreadCard,
  TicketThreadStates,
} from '../../../components/ticket-thread-view.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { loadTicketImage } from '../api/desk.ts';
import { inboxKeys } from '../api/query-keys.ts';
import { useCloseTicket, useInboxThread } from '../api/tickets.ts';
import type { DeskAccess } from '../utils/desk-access.ts';
import { AnswerForm } from './answer-form.tsx';
import { AssignmentBar } from './assignment-bar.tsx';
import { NoteForm } from './note-form.tsx';

/** A message, an image or an internal note, in one timeline. */
type Entry = {
  id: string;
  message: string;
  createdAt: string;
  kind: 'member' | 'operator' | 'note';
  operatorEmail: string | null;
  isImage: boolean;
};

const timelineOf = ({ messages, attachments, notes }: OperatorTicketThread): Entry[] =>
  inWrittenOrder<Entry>(
    messages.map((message) => ({ ...message, kind: message.from, isImage: false })),
    attachments.map(({ id, from, createdAt }) => ({
      id,
      createdAt,
      message: '',
      kind: from,
      operatorEmail: null,
      isImage: true,
    })),
    notes.map((note) => ({
      id: note.id,
      message: note.text,
      createdAt: note.createdAt,
      kind: 'note',
      operatorEmail: note.operatorEmail,
      isImage: false,
    })),
  );

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

/** Under the thread: the answer and the internal note, each a tab, as the role allows. */
function Composer({ thread, access }: { thread: OperatorTicketThread; access: DeskAccess }) {
  const { ticket } = thread;
  const isClosed = ticket.status === 'closed';
  const canAnswer = access.canAnswer && !isClosed;
  const [tab, setTab] = useState<'answer' | 'note'>(canAnswer ? 'answer' : 'note');
  const closedNotice = isClosed && (
    <Alert severity="info" variant="outlined">
      Closed {ticket.closedAt ? formatDateTime(ticket.closedAt) : ''}: it takes no more answers or
      replies.
    </Alert>
  );
  if (!canAnswer && !access.canNote)
    return (
      closedNotice || (
        <Alert severity="info" variant="outlined">
          Your role reads tickets but cannot answer or close them.
        </Alert>
      )
    );
  const shown = canAnswer ? tab : 'note';
  return (
    <Stack spacing={1.5}>
      {closedNotice}
      {canAnswer && access.canNote && (
        <Tabs
          value={tab}
          onChange={(_, value: 'answer' | 'note') => setTab(value)}
          aria-label="Write"
          variant="fullWidth"
          sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
        >
          <Tab value="answer" label="Answer member" />
          <Tab value="note" label="Internal note" />
        </Tabs>
      )}
      {shown === 'answer' ? (
        <AnswerForm
          key={ticket.id}
          ticketId={ticket.id}
          extraAction={<CloseButton ticketId={ticket.id} number={ticket.number} />}
        />
      ) : (
        <NoteForm key={ticket.id} ticketId={ticket.id} />
      )}
    </Stack>
  );
}

function ThreadView({ thread, access }: { thread: OperatorTicketThread; access: DeskAccess }) {
  const { ticket } = thread;
  const authorOf = (entry: Entry) =>
    entry.kind === 'member' ? ticket.member.name : (entry.operatorEmail ?? 'Support');
  return (
    <TicketThreadCard
      ticket={ticket}
      byline={
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {ticket.member.name} · Registered ID {ticket.member.referralCode}
        </Typography>
      }
      toolbar={<AssignmentBar ticket={ticket} access={access} />}
      messages={timelineOf(thread)}
      isOwn={(entry) => entry.kind === 'operator'}
      isNote={(entry) => entry.kind === 'note'}
      contentOf={(entry) =>
        entry.isImage ? (
          <ThreadImage
            load={() => loadTicketImage(entry.id)}
            queryKey={inboxKeys.image(entry.id)}
            label={`Image from ${entry.kind === 'member' ? ticket.member.name : 'support'}`}
          />
        ) : undefined
      }
      authorOf={authorOf}
      footer={<Composer thread={thread} access={access} />}
    />
  );
}

type Props = {
  ticketId: string;
  access: DeskAccess;
  /** The list's address: a Back control on narrow screens, where the thread has the screen. */
  backHref?: string | undefined;
};

/**
 * A ticket, its member, who it is assigned to, and its thread with its images and support's
 * internal notes among the messages; the answer box (with canned replies), the note box and Close for support.
 */
export function InboxThread({ ticketId, access, backHref }: Props) {
  const thread = useInboxThread(ticketId);
  return (
    <TicketThreadStates query={thread} backHref={backHref}>
      {(data) => <ThreadView thread={data} access={access} />}
    </TicketThreadStates>
  );
}
