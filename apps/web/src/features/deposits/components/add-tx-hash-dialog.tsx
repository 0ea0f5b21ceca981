import { formatMoney, type DepositView } from '@app/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format.ts';
import { TxHashForm } from './tx-hash-form.tsx';

type Props = {
  /** The deposit being completed; kept while the dialog closes so its content does not vanish. */
  deposit: DepositView | null;
  isOpen: boolean;
  onClose: () => void;
};

/** From the history: the transaction hash of a pending manual deposit, added later. */
export function AddTxHashDialog({ deposit, isOpen, onClose }: Props) {
  return (
    <Dialog
      open={isOpen && deposit !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="add-tx-hash-title"
    >
      {deposit && (
        <>
          <DialogTitle id="add-tx-hash-title" sx={{ pb: 0.5 }}>
            Add transaction hash
          </DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              For your deposit of {formatMoney(deposit.amount, 'amount')} made{' '}
              {formatDateTime(deposit.createdAt)}.
            </Typography>
            <TxHashForm
              key={deposit.id}
              depositId={deposit.id}
              onSaved={onClose}
              autoFocus
              secondaryAction={<Button onClick={onClose}>Cancel</Button>}
            />
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
