import { TICKET_MESSAGE_MAX, ticketMessage } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useReplyToTicket } from '../api/reply-ticket.ts';

const replySchema = z.object({ message: ticketMessage });
type Values = z.output<typeof replySchema>;

/** The member's reply under an open or answered thread. */
export function ReplyForm({ ticketId }: { ticketId: string }) {
  const { control, handleSubmit, setError, reset } = useForm<
    z.input<typeof replySchema>,
    unknown,
    Values
  >({
    resolver: zodResolver(replySchema),
    defaultValues: { message: '' },
  });
  const replying = useReplyToTicket();
  const submit = handleSubmit(({ message }) =>
    replying.mutate(
      { ticketId, message },
      {
        onSuccess: ({ message: said }) => {
          notifySuccess(said || 'Reply sent');
          reset();
        },
        onError: (error) => showFieldReasons(error, setError, ['message']),
      },
    ),
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      aria-label="Reply to this ticket"
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={control}
        name="message"
        label="Reply"
        helperText={`Up to ${TICKET_MESSAGE_MAX} characters`}
        slotProps={{ input: { multiline: true, minRows: 3 } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={replying.isPending}>
          Send reply
        </Button>
      </Stack>
    </Stack>
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
