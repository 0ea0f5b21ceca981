import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState, type FormEvent } from 'react';
import {
  REJECTION_REASONS,
  rejectionReasonLabels,
  verificationDocumentLabels,
  type RejectionReason,
  type VerificationDocumentKind,
  type VerificationSubmissionDetail,
} from '@app/contracts';
import { notifySuccess } from '../../../lib/toast.ts';
import { validationReason } from '../../../lib/validation-reason.ts';
import { useDecideSubmission } from '../api/verification.ts';

type Choice = 'approve' | 'reject' | 'request-document';

/**
 * The reviewer's decision: approve, reject with a reason from the list (and a note, needed for
 * "another reason"), or ask for one document again with a note the member reads. A decision
 * another reviewer took first comes back as a 409 toast naming them; the screen then shows it.
 */
export function DecisionForm({ submission }: { submission: VerificationSubmissionDetail }) {
  const decide = useDecideSubmission(submission.id);
  const [choice, setChoice] = useState<Choice>('approve');
  const [reason, setReason] = useState<RejectionReason>('unreadable');
  const [documentKind, setDocumentKind] = useState<VerificationDocumentKind | ''>('');
  const [note, setNote] = useState('');
  const error = (field: string) => validationReason(decide.error, field);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim() || undefined;
    const body =
      choice === 'approve'
        ? { decision: 'approve' as const }
        : choice === 'reject'
          ? { decision: 'reject' as const, reason, note: text }
          : { decision: 'request-document' as const, document: documentKind, note: text ?? '' };
    decide.mutate(body as Parameters<typeof decide.mutate>[0], {
      onSuccess: ({ message }) => notifySuccess(message),
    });
  };

  return (
    <Stack component="form" noValidate spacing={2} aria-label="Decision" onSubmit={onSubmit}>
      <ToggleButtonGroup
        exclusive
        value={choice}
        onChange={(_event, value: Choice | null) => value && setChoice(value)}
        aria-label="Decision"
        size="small"
        sx={{ flexWrap: 'wrap' }}
      >
        <ToggleButton value="approve">Approve</ToggleButton>
        <ToggleButton value="reject">Reject</ToggleButton>
        <ToggleButton value="request-document">Ask for a document again</ToggleButton>
      </ToggleButtonGroup>
      {choice === 'reject' && (
        <TextField
          select
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value as RejectionReason)}
          error={Boolean(error('reason'))}
          helperText={error('reason')}
        >
          {REJECTION_REASONS.map((value) => (
            <MenuItem key={value} value={value}>
              {rejectionReasonLabels[value]}
            </MenuItem>
          ))}
        </TextField>
      )}
      {choice === 'request-document' && (
        <TextField
          select
          label="Document"
          value={documentKind}
          onChange={(event) => setDocumentKind(event.target.value as VerificationDocumentKind)}
          error={Boolean(error('document'))}
          helperText={error('document')}
        >
          {(submission.documents ?? []).map((document) => (
            <MenuItem key={document.id} value={document.kind}>
              {verificationDocumentLabels[document.kind].label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {choice !== 'approve' && (
        <TextField
          label="Note to the member"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          error={Boolean(error('note'))}
          helperText={error('note') ?? 'The member reads this beside the reason.'}
        />
      )}
      <Button
        type="submit"
        variant="contained"
        color={choice === 'approve' ? 'success' : choice === 'reject' ? 'error' : 'warning'}
        loading={decide.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {choice === 'approve' ? 'Approve' : choice === 'reject' ? 'Reject' : 'Ask again'}
      </Button>
    </Stack>
  );
}
