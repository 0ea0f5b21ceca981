import { TICKET_MESSAGE_MAX } from '@app/contracts';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { AttachImageButton } from '../../../components/attach-image-button.tsx';
import { MessageForm } from '../../../components/message-form.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useAttachTicketImage } from '../api/desk.ts';
import { useAnswerTicket } from '../api/tickets.ts';
import { CannedReplyMenu } from './canned-reply-menu.tsx';

/**
 * Support's answer under a thread (required); the member is told in the app and by mail. A
 * canned reply goes into the box with one click and is edited there before sending; an image
 * goes into the thread at once, and the answer that follows tells the member.
 */
export function AnswerForm({
  ticketId,
  extraAction,
}: {
  ticketId: string;
  extraAction: ReactNode;
}) {
  const answering = useAnswerTicket();
  const attaching = useAttachTicketImage(ticketId);
  return (
    <MessageForm
      formLabel="Answer this ticket"
      fieldLabel="Answer"
      isRequired
      helperText={`Up to ${TICKET_MESSAGE_MAX} characters; the member is notified`}
      submitLabel="Send answer"
      sentNotice="Answer sent"
      extraAction={extraAction}
      tools={(insert) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          <CannedReplyMenu onInsert={insert} />
          <AttachImageButton
            isPending={attaching.isPending}
            onChoose={(file) =>
              attaching.mutate(file, { onSuccess: ({ message }) => notifySuccess(message) })
            }
          />
        </Stack>
      )}
      isPending={answering.isPending}
      send={(message, callbacks) => answering.mutate({ id: ticketId, message }, callbacks)}
    />
  );
}
