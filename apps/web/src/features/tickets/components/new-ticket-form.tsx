import {
  createTicketBody,
  TICKET_CATEGORIES,
  TICKET_MESSAGE_MAX,
  TICKET_SUBJECT_MAX,
  TICKET_SUBJECT_MIN,
  ticketCategoryLabels,
  ticketLabels,
  type CreateTicketBody,
  type TicketView,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useCreateTicket } from '../api/create-ticket.ts';

type Props = {
  /** Where Cancel goes: the list (narrow screens) or the empty pane beside it. */
  cancelHref: string;
  onCreated: (ticket: TicketView) => void;
};

type Values = z.output<typeof createTicketBody>;
const FIELDS = ['subject', 'category', 'message'] as const;

/** Subject, category and the first message; the contracts' schema checks them as the API will. */
export function NewTicketForm({ cancelHref, onCreated }: Props) {
  const { control, handleSubmit, setError } = useForm<CreateTicketBody, unknown, Values>({
    resolver: zodResolver(createTicketBody),
    defaultValues: { subject: '', category: 'other', message: '' },
  });
  const creating = useCreateTicket();
  const submit = handleSubmit((values) =>
    creating.mutate(values, {
      onSuccess: ({ data, message }) => {
        notifySuccess(message || 'Ticket created');
        onCreated(data);
      },
      onError: (error) => showFieldReasons(error, setError, FIELDS),
    }),
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        aria-label="New ticket"
        onSubmit={(event) => void submit(event)}
      >
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          New ticket
        </Typography>
        <FormTextField
          control={control}
          name="subject"
          label={ticketLabels.subject}
          helperText={`${TICKET_SUBJECT_MIN} to ${TICKET_SUBJECT_MAX} characters`}
          autoFocus
        />
        <Controller
          control={control}
          name="category"
          render={({ field, fieldState: { error } }) => (
            <TextField
              select
              label={ticketLabels.category}
              value={field.value ?? 'other'}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(error)}
              helperText={error?.message}
            >
              {TICKET_CATEGORIES.map((category) => (
                <MenuItem key={category} value={category}>
                  {ticketCategoryLabels[category]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormTextField
          control={control}
          name="message"
          label={ticketLabels.message}
          helperText={`What happened, and what you expected; up to ${TICKET_MESSAGE_MAX} characters`}
          slotProps={{ input: { multiline: true, minRows: 5 } }}
        />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <LinkButton to={cancelHref} variant="text">
            Cancel
          </LinkButton>
          <Button type="submit" variant="contained" loading={creating.isPending}>
            Send ticket
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
