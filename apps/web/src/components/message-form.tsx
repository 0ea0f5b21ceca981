import { ticketMessage } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { notifySuccess } from '../lib/toast.ts';
import { showFieldReasons } from '../lib/validation-reason.ts';
import { FormTextField } from './form-text-field.tsx';

const messageSchema = z.object({ message: ticketMessage });

/** How the form hands its message to a mutation (TanStack Query's mutate and its callbacks). */
export type SendMessage = (
  message: string,
  callbacks: { onSuccess: (reply: { message: string }) => void; onError: (error: Error) => void },
) => void;

type Props = {
  /** The form's accessible name: "Reply to this ticket". */
  formLabel: string;
  fieldLabel: string;
  helperText: string;
  isRequired?: boolean;
  submitLabel: string;
  /** What the toast says if the server's reply has no words of its own. */
  sentNotice: string;
  /** Another action beside Send (support's Close ticket). */
  extraAction?: ReactNode;
  isPending: boolean;
  send: SendMessage;
};

/** A message box under a ticket's thread: sends, toasts, clears; the server's 422 on the field. */
export function MessageForm({
  formLabel,
  fieldLabel,
  helperText,
  isRequired,
  submitLabel,
  sentNotice,
  extraAction,
  isPending,
  send,
}: Props) {
  const { control, handleSubmit, setError, reset } = useForm<
    z.input<typeof messageSchema>,
    unknown,
    z.output<typeof messageSchema>
  >({ resolver: zodResolver(messageSchema), defaultValues: { message: '' } });
  const submit = handleSubmit(({ message }) =>
    send(message, {
      onSuccess: ({ message: said }) => {
        notifySuccess(said || sentNotice);
        reset();
      },
      onError: (error) => showFieldReasons(error, setError, ['message']),
    }),
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      aria-label={formLabel}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={control}
        name="message"
        label={fieldLabel}
        required={isRequired}
        helperText={helperText}
        slotProps={{ input: { multiline: true, minRows: 3 } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1.5, flexWrap: 'wrap' }}>
        {extraAction}
        <Button type="submit" variant="contained" loading={isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
