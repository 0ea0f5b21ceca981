import type { PurchasedPackageView } from '@app/contracts';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LinkButton } from '../../../components/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { PurchaseDetails } from './purchase-details.tsx';

type Props = {
  /** Kept while the dialog closes so its content does not vanish mid-animation. */
  purchase: PurchasedPackageView | null;
  isOpen: boolean;
  onClose: () => void;
};

/** The client contract's dialog after buying: what was bought and what it will pay. */
export function PurchaseSuccessDialog({ purchase, isOpen, onClose }: Props) {
  return (
    <Dialog
      open={isOpen && purchase !== null}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="purchase-success-title"
    >
      {purchase && (
        <>
          <DialogTitle id="purchase-success-title">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CheckCircleRounded color="success" aria-hidden />
              <span>Package bought</span>
            </Stack>
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography color="text.secondary">
                Your {purchase.name} package is running. Its daily profit can be claimed on your
                dashboard from the day after the start date.
              </Typography>
              <PurchaseDetails purchase={purchase} />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <LinkButton to={paths.investments}>My investments</LinkButton>
            <Button variant="contained" onClick={onClose} autoFocus>
              Done
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
