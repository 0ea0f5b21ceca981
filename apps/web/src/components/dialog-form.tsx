import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

type Props = {
  /** The form's accessible name, e.g. "Buy Starter". */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** While the request is in flight: the submit spins and Cancel waits for the answer. */
  isPending: boolean;
  isSubmitDisabled?: boolean;
  onCancel: () => void;
  /** What the cancel button says: "Back" in a dialog's second step. */
  cancelLabel?: string;
  /** Red for a submit that takes something away (closing an account); the theme's blue otherwise. */
  tone?: 'primary' | 'error';
  children: ReactNode;
};

/** A form inside a dialog: its fields, then Cancel and the submit button. */
export function DialogForm({
  label,
  onSubmit,
  submitLabel,
  isPending,
  isSubmitDisabled,
  onCancel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  children,
}: Props) {
  return (
    <Stack component="form" noValidate aria-label={label} onSubmit={onSubmit} sx={{ minHeight: 0 }}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2.5}>{children}</Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={isPending}>
          {cancelLabel}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={tone}
          loading={isPending}
          disabled={isSubmitDisabled}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Stack>
  );
}
