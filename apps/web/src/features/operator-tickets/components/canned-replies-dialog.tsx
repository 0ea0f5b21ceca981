import type { CannedReplyView } from '@app/contracts';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import QuickreplyRounded from '@mui/icons-material/QuickreplyRounded';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useCannedReplies, useDeleteCannedReply } from '../api/desk.ts';
import { CannedReplyForm } from './canned-reply-form.tsx';

type Editing = { reply?: CannedReplyView | undefined } | null;

function ReplyRow({
  reply,
  onEdit,
  onRemove,
}: {
  reply: CannedReplyView;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1 }}>
      <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{reply.title}</Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {reply.text}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {reply.updatedByEmail ?? 'A removed operator'} · {formatDateTime(reply.updatedAt)}
        </Typography>
      </Stack>
      <Stack sx={{ flexShrink: 0 }}>
        <IconButton aria-label={`Edit ${reply.title}`} onClick={onEdit}>
          <EditRounded />
        </IconButton>
        <IconButton aria-label={`Remove ${reply.title}`} onClick={onRemove} color="error">
          <DeleteOutlineRounded />
        </IconButton>
      </Stack>
    </Paper>
  );
}

function ReplyList({ onEdit }: { onEdit: (editing: Editing) => void }) {
  const replies = useCannedReplies();
  const removing = useDeleteCannedReply();
  const [doomed, setDoomed] = useState<CannedReplyView | null>(null);
  if (replies.isPending)
    return <SkeletonRows label="Loading canned replies" rows={3} height={72} />;
  if (replies.isError)
    return (
      <QueryError
        message="The canned replies could not be loaded."
        onRetry={() => void replies.refetch()}
      />
    );
  return (
    <Stack spacing={1.5}>
      {replies.data.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<QuickreplyRounded />}
            title="No canned replies yet"
            description="Save the answers support gives often; insert one into an answer with one click."
          />
        </Paper>
      ) : (
        <Stack
          component="ul"
          aria-label="Canned replies"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {replies.data.map((reply) => (
            <ReplyRow
              key={reply.id}
              reply={reply}
              onEdit={() => onEdit({ reply })}
              onRemove={() => setDoomed(reply)}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        isOpen={doomed !== null}
        title={`Remove “${doomed?.title ?? ''}”?`}
        description="Support can no longer insert it. Answers already sent with it keep their text."
        confirmLabel="Remove"
        tone="error"
        isPending={removing.isPending}
        onConfirm={() =>
          doomed &&
          removing.mutate(doomed.id, {
            onSuccess: ({ message }) => notifySuccess(message),
            onSettled: () => setDoomed(null),
          })
        }
        onClose={() => setDoomed(null)}
      />
    </Stack>
  );
}

/** Support's canned replies: the list by title, added, changed and removed here. */
export function CannedRepliesDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  return (
    <Dialog open={isOpen} onClose={close} fullWidth maxWidth="sm" aria-labelledby="canned-title">
      <DialogTitle id="canned-title">
        {editing ? (editing.reply ? 'Edit canned reply' : 'New canned reply') : 'Canned replies'}
      </DialogTitle>
      {/* Room above the first field's label, which the title's padding rule would cut. */}
      <DialogContent sx={{ '&&': { pt: 1 } }}>
        {editing ? (
          <CannedReplyForm reply={editing.reply} onDone={() => setEditing(null)} />
        ) : (
          <ReplyList onEdit={setEditing} />
        )}
      </DialogContent>
      {!editing && (
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close}>Done</Button>
          <Button variant="contained" onClick={() => setEditing({})}>
            Add canned reply
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
