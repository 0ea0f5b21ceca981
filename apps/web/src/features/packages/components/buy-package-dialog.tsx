import type { PackageView, PurchasedPackageView } from '@app/contracts';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useBuyPackage } from '../api/buy-package.ts';
import { formatPercentage } from '../utils/profit.ts';
import { BuyPackageForm } from './buy-package-form.tsx';

type Props = {
  /** The package being bought; kept while the dialog closes so its content does not vanish. */
  pkg: PackageView | null;
  isOpen: boolean;
  fundBalance: number | undefined;
  onClose: () => void;
  onBought: (purchase: PurchasedPackageView) => void;
};

export function BuyPackageDialog({ pkg, isOpen, fundBalance, onClose, onBought }: Props) {
  const buy = useBuyPackage();
  // A purchase in flight cannot be walked away from: its answer decides what to show next.
  const close = () => {
    if (!buy.isPending) onClose();
  };
  return (
    <Dialog
      open={isOpen && pkg !== null}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="buy-package-title"
    >
      {pkg && (
        <>
          <DialogTitle id="buy-package-title" sx={{ pb: 0.5 }}>
            Buy {pkg.name}
          </DialogTitle>
          <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }}>
            {formatPercentage(pkg.dailyPercentage)} a day for {pkg.totalDays} days, paid from your
            fund wallet.
          </Typography>
          <BuyPackageForm
            key={pkg.id}
            pkg={pkg}
            fundBalance={fundBalance}
            onCancel={close}
            onBought={onBought}
            buy={buy}
          />
        </>
      )}
    </Dialog>
  );
}
