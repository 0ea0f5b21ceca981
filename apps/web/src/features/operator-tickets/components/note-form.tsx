import { TICKET_NOTE_MAX, ticketNoteBody } from '@app/contracts';
import { MessageForm } from '../../../components/message-form.tsx';
import { useAddTicketNote } from '../api/desk.ts';

const NOTE_TEXT = { schema: ticketNoteBody.shape.text, serverField: 'text' };

/** An internal note under a thread: for operators only, the member is neither shown nor told. */
export function NoteForm({ ticketId }: { ticketId: string }) {
  const adding = useAddTicketNote(ticketId);
  return (
    <MessageForm
      formLabel="Add an internal note"
      fieldLabel="Internal note"
      isRequired
      helperText={`Up to ${TICKET_NOTE_MAX} characters; operators only, the member never sees it`}
      submitLabel="Add note"
      sentNotice="Note added"
      text={NOTE_TEXT}
      isPending={adding.isPending}
      send={(text, callbacks) => adding.mutate(text, callbacks)}
    />
  );
}
