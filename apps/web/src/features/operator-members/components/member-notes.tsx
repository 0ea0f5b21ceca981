import { MEMBER_NOTE_MAX, memberNoteBody, type MemberNoteBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import StickyNote2Rounded from '@mui/icons-material/StickyNote2Rounded';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useAddMemberNote, useMemberNotes } from '../api/member-details.ts';

type Props = { memberId: string; canAdd: boolean };

/**
 * Operators' internal notes on the member, newest first with their author and time; never shown
 * to the member. Notes are kept as written: they are added, never changed or removed.
 */
export function MemberNotes({ memberId, canAdd }: Props) {
  const notes = useMemberNotes(memberId);
  return (
    <Stack component="section" aria-labelledby="member-notes-title" spacing={1.5}>
      <Stack spacing={0.5}>
        <Typography
          id="member-notes-title"
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600 }}
        >
          Notes
        </Typography>
        <Typography variant="body2" color="text.secondary">
          For operators only: the member never sees them. A note cannot be changed once added.
        </Typography>
      </Stack>
      {canAdd && <AddNoteForm memberId={memberId} />}
      {notes.isPending ? (
        <SkeletonRows rows={2} height={64} label="Loading notes" />
      ) : notes.isError ? (
        <QueryError message="The notes could not be loaded." onRetry={() => void notes.refetch()} />
      ) : notes.data.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<StickyNote2Rounded />}
            title="No notes yet"
            description="Notes operators add about this member appear here, newest first."
          />
        </Paper>
      ) : (
        <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {notes.data.map((note) => (
            <Paper component="li" variant="outlined" key={note.id} sx={{ p: 2 }}>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} variant="body2">
                {note.text}
              </Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', mt: 1, overflowWrap: 'anywhere' }}
              >
                {note.authorEmail ?? 'A removed operator'} · {formatDateTime(note.createdAt)}
              </Typography>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AddNoteForm({ memberId }: { memberId: string }) {
  const add = useAddMemberNote(memberId);
  const { control, handleSubmit, setError, reset } = useForm<
    MemberNoteBody,
    unknown,
    z.output<typeof memberNoteBody>
  >({ resolver: zodResolver(memberNoteBody), defaultValues: { text: '' } });
  const submit = handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: () => {
        notifySuccess('Note added');
        reset({ text: '' });
      },
      onError: (error) => showFieldReasons(error, setError, ['text']),
    }),
  );
  return (
    <Stack
      component="form"
      noValidate
      aria-label="Add a note"
      spacing={1}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={control}
        name="text"
        label="New note"
        helperText={`Up to ${MEMBER_NOTE_MAX} characters`}
        slotProps={{ input: { multiline: true, minRows: 2 } }}
      />
      <Button
        type="submit"
        variant="outlined"
        loading={add.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add note
      </Button>
    </Stack>
  );
}
