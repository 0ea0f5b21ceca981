import { answerTicketBody, TICKET_MESSAGE_MAX } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useAnswerTicket } from '../api/tickets.ts';

type Values = z.output<typeof answerTicketBody>;

/** Support's answer under a thread (required); the member is told in the app and by mail. */
export function AnswerForm({
  ticketId,
  extraAction,
}: {
  ticketId: string;
  extraAction: ReactNode;
}) {
  const { control, handleSubmit, setError, reset } = useForm<
    z.input<typeof answerTicketBody>,
    unknown,
    Values
  >({ resolver: zodResolver(answerTicketBody), defaultValues: { message: '' } });
  const answering = useAnswerTicket();
  const submit = handleSubmit(({ message }) =>
    answering.mutate(
      { id: ticketId, message },
      {
        onSuccess: ({ message: said }) => {
          notifySuccess(said);
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
      aria-label="Answer this ticket"
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={control}
        name="message"
        label="Answer"
        required
        helperText={`Up to ${TICKET_MESSAGE_MAX} characters; the member is notified`}
        slotProps={{ input: { multiline: true, minRows: 3 } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1.5, flexWrap: 'wrap' }}>
        {extraAction}
        <Button type="submit" variant="contained" loading={answering.isPending}>
          Send answer
        </Button>
      </Stack>
    </Stack>
  );
}
