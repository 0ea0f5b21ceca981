import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatPercentage } from '../../../lib/format.ts';
import { useCompoundingSummary } from '../api/get-compounding-summary.ts';
import { useMoveToCompounding } from '../api/move-to-compounding.ts';
import { MoveToCompoundingForm } from './move-to-compounding-form.tsx';

type Props = { profitAvailable: number | undefined };

/** What the move does, with the current rate (loaded only once the dialog opens). */
function MoveIntro() {
  const summary = useCompoundingSummary();
  const rate = summary.data ? formatPercentage(summary.data.dailyPercentage) : 'a daily rate';
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }}>
      From your profit wallet into your compounding wallet, which earns {rate} of its balance every
      business day, added to itself.
    </Typography>
  );
}

/** "Move to compounding" and its dialog: profit wallet → compounding wallet. */
export function MoveToCompounding({ profitAvailable }: Props) {
  const [isOpen, setOpen] = useState(false);
  // A new form per opening, so each starts with an empty amount (and the dialog keeps its
  // content while it fades out).
  const [opening, setOpening] = useState(0);
  const move = useMoveToCompounding();
  // A move in flight cannot be walked away from: its answer decides what to show next.
  const close = () => {
    if (!move.isPending) setOpen(false);
  };
  return (
    <>
      <Button
        variant="outlined"
        color="info"
        startIcon={<AutorenewRounded />}
        onClick={() => {
          setOpening((count) => count + 1);
          setOpen(true);
        }}
      >
        Move to compounding
      </Button>
      <Dialog
        open={isOpen}
        onClose={close}
        fullWidth
        maxWidth="xs"
        aria-labelledby="move-to-compounding-title"
      >
        <DialogTitle id="move-to-compounding-title" sx={{ pb: 0.5 }}>
          Move to compounding
        </DialogTitle>
        <MoveIntro />
        <MoveToCompoundingForm
          key={opening}
          profitAvailable={profitAvailable}
          onCancel={close}
          onMoved={() => setOpen(false)}
          move={move}
        />
      </Dialog>
    </>
  );
}
