import { TICKET_MESSAGE_MAX } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AttachImageButton } from '../../../components/attach-image-button.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { MessageForm } from '../../../components/message-form.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useReplyToTicket } from '../api/reply-ticket.ts';
import { useAttachImage } from '../api/ticket-images.ts';

/** The member's reply under an open or answered thread, and a photo or screenshot to attach. */
export function ReplyForm({ ticketId }: { ticketId: string }) {
  const replying = useReplyToTicket();
  const attaching = useAttachImage(ticketId);
  return (
    <MessageForm
      formLabel="Reply to this ticket"
      fieldLabel="Reply"
      helperText={`Up to ${TICKET_MESSAGE_MAX} characters`}
      submitLabel="Send reply"
      sentNotice="Reply sent"
      tools={() => (
        <AttachImageButton
          isPending={attaching.isPending}
          onChoose={(file) =>
            attaching.mutate(file, { onSuccess: ({ message }) => notifySuccess(message) })
          }
        />
      )}
      isPending={replying.isPending}
      send={(message, callbacks) => replying.mutate({ ticketId, message }, callbacks)}
    />
  );
}

/**
 * A closed ticket's reply box: disabled, with the reason beside it and the way to go on (a new
 * ticket), so the member is never left typing into a box that cannot send.
 */
export function ClosedReply({ newTicketHref }: { newTicketHref: string }) {
  return (
    <Stack spacing={1.5}>
      <Alert
        severity="info"
        variant="outlined"
        action={
          <LinkButton to={newTicketHref} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
            New ticket
          </LinkButton>
        }
      >
        This ticket is closed, so it takes no more replies. If you still need help, open a new
        ticket.
      </Alert>
      <TextField label="Reply" disabled multiline minRows={3} value="" fullWidth />
    </Stack>
  );
}
