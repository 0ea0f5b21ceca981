import { TICKET_MESSAGE_MAX } from '@app/contracts';
import type { ReactNode } from 'react';
import { MessageForm } from '../../../components/message-form.tsx';
import { useAnswerTicket } from '../api/tickets.ts';

/** Support's answer under a thread (required); the member is told in the app and by mail. */
export function AnswerForm({
  ticketId,
  extraAction,
}: {
  ticketId: string;
  extraAction: ReactNode;
}) {
  const answering = useAnswerTicket();
  return (
    <MessageForm
      formLabel="Answer this ticket"
      fieldLabel="Answer"
      isRequired
      helperText={`Up to ${TICKET_MESSAGE_MAX} characters; the member is notified`}
      submitLabel="Send answer"
      sentNotice="Answer sent"
      extraAction={extraAction}
      isPending={answering.isPending}
      send={(message, callbacks) => answering.mutate({ id: ticketId, message }, callbacks)}
    />
  );
}
