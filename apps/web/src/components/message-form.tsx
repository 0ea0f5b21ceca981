import { ticketMessage } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { notifySuccess } from '../lib/toast.ts';
import { validationReason } from '../lib/validation-reason.ts';
import { FormTextField } from './form-text-field.tsx';

type TextSchema = z.ZodType<string, string>;

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
  /**
   * Controls on the other side of the buttons, given a way to put text into the box (support's
   * canned replies): appended after what is typed, then the box has the focus for editing.
   */
  tools?: (insert: (text: string) => void) => ReactNode;
  /** The text's rules (a ticket message's by default) and the field the server names. */
  text?: { schema: TextSchema; serverField: string };
  isPending: boolean;
  send: SendMessage;
};

const TICKET_MESSAGE = { schema: ticketMessage, serverField: 'message' };

/** A message box under a ticket's thread: sends, toasts, clears; the server's 422 on the field. */
export function MessageForm({
  formLabel,
  fieldLabel,
  helperText,
  isRequired,
  submitLabel,
  sentNotice,
  extraAction,
  tools,
  text = TICKET_MESSAGE,
  isPending,
  send,
}: Props) {
  const schema = useMemo(() => z.object({ message: text.schema }), [text.schema]);
  const { control, handleSubmit, setError, reset, getValues, setValue, setFocus } = useForm<
    { message: string },
    unknown,
    { message: string }
  >({ resolver: zodResolver(schema), defaultValues: { message: '' } });
  const submit = handleSubmit(({ message }) =>
    send(message, {
      onSuccess: ({ message: said }) => {
        notifySuccess(said || sentNotice);
        reset();
      },
      onError: (error) => {
        const reason = validationReason(error, text.serverField);
        if (reason) setError('message', { message: reason });
      },
    }),
  );
  const insert = (inserted: string) => {
    const typed = getValues('message').trimEnd();
    setValue('message', typed ? `${typed}\n\n${inserted}` : inserted, {
      shouldDirty: true,
      shouldValidate: true,
    });
    setFocus('message');
  };
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
        {tools && <Box sx={{ mr: 'auto' }}>{tools(insert)}</Box>}
        {extraAction}
        <Button type="submit" variant="contained" loading={isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
