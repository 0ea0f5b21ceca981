import {
  CANNED_REPLY_TITLE_MAX,
  cannedReplyBody,
  TICKET_MESSAGE_MAX,
  type CannedReplyBody,
  type CannedReplyView,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useSaveCannedReply } from '../api/desk.ts';

type Props = {
  /** The reply being changed; none for a new one. */
  reply?: CannedReplyView | undefined;
  onDone: () => void;
};

/** A canned reply's title and text, added or changed; the server's reasons on their fields. */
export function CannedReplyForm({ reply, onDone }: Props) {
  const saving = useSaveCannedReply();
  const { control, handleSubmit, setError } = useForm<
    CannedReplyBody,
    unknown,
    z.output<typeof cannedReplyBody>
  >({
    resolver: zodResolver(cannedReplyBody),
    defaultValues: { title: reply?.title ?? '', text: reply?.text ?? '' },
  });
  const submit = handleSubmit((body) =>
    saving.mutate(
      { ...body, id: reply?.id },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message || 'Canned reply saved');
          onDone();
        },
        onError: (error) => showFieldReasons(error, setError, ['title', 'text']),
      },
    ),
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label={reply ? `Edit ${reply.title}` : 'New canned reply'}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={control}
        name="title"
        label="Title"
        required
        autoComplete="off"
        helperText={`Up to ${CANNED_REPLY_TITLE_MAX} characters; each title is used once`}
      />
      <FormTextField
        control={control}
        name="text"
        label="Text"
        required
        helperText={`Up to ${TICKET_MESSAGE_MAX} characters; edited in the answer before sending`}
        slotProps={{ input: { multiline: true, minRows: 4 } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={onDone} disabled={saving.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={saving.isPending}>
          {reply ? 'Save reply' : 'Add reply'}
        </Button>
      </Stack>
    </Stack>
  );
}
