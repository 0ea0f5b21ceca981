import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

type Props = {
  isOpen: boolean;
  title: string;
  /** What the action does and what it leaves alone, in words. */
  description: ReactNode;
  confirmLabel: string;
  /** Red for an action that takes something away (retire, close); the theme's blue otherwise. */
  tone?: 'primary' | 'error';
  /** While the request is in flight: the button spins and the dialog cannot be dismissed. */
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A second look before an action that cannot be taken back: Cancel, or the action by name. */
export function ConfirmDialog({
  isOpen,
  title,
  description,
  confirmLabel,
  tone = 'primary',
  isPending,
  onConfirm,
  onClose,
}: Props) {
  const titleId = useId();
  const close = () => {
    if (!isPending) onClose();
  };
  return (
    <Dialog open={isOpen} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{description}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={close} disabled={isPending}>
          Cancel
        </Button>
        <Button variant="contained" color={tone} loading={isPending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
