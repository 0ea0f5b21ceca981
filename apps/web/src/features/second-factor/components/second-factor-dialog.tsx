import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ReactNode } from 'react';

type Props = {
  isOpen: boolean;
  title: string;
  /** Where the member is, under the title: "Step 2 of 3: scan the QR code". */
  step?: string;
  /** Already guarded by the dialog's owner (nothing in flight, nothing unsaved). */
  onClose: () => void;
  children: ReactNode;
};

/** The frame of the second factor's dialogs: a title, the step, full screen on a phone. */
export function SecondFactorDialog({ isOpen, title, step, onClose, children }: Props) {
  const { breakpoints } = useTheme();
  const isPhone = useMediaQuery(breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={isPhone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pb: step ? 0.5 : undefined }}>
        {title}
      </DialogTitle>
      {step && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }}>
          {step}
        </Typography>
      )}
      {children}
    </Dialog>
  );
}
