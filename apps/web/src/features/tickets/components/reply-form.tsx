import { TICKET_MESSAGE_MAX } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LinkButton } from '../../../components/link-button.tsx';
import { MessageForm } from '../../../components/message-form.tsx';
import { useReplyToTicket } from '../api/reply-ticket.ts';

/** The member's reply under an open or answered thread. */
export function ReplyForm({ ticketId }: { ticketId: string }) {
  const replying = useReplyToTicket();
  return (
    <MessageForm
      formLabel="Reply to this ticket"
      fieldLabel="Reply"
      helperText={`Up to ${TICKET_MESSAGE_MAX} characters`}
      submitLabel="Send reply"
      sentNotice="Reply sent"
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
