import type { PackageView, PurchasedPackageView } from '@app/contracts';
import Inventory2Rounded from '@mui/icons-material/Inventory2Rounded';
import Grid from '@mui/material/Grid';
import { useState } from 'react';
import { QueryStates } from '../../../components/query-states.tsx';
import { usePackages } from '../api/get-packages.ts';
import { BuyPackageDialog } from './buy-package-dialog.tsx';
import { PackageCard } from './package-card.tsx';
import { PurchaseSuccessDialog } from './purchase-success-dialog.tsx';

type Props = {
  /** Spendable dollars of the fund wallet, which the app layer reads from the wallet feature. */
  fundBalance: number | undefined;
};

/** The packages on sale, the buy dialog and, after a purchase, the success dialog. */
export function PackageCatalogue({ fundBalance }: Props) {
  const packages = usePackages();
  // The records stay set while their dialog closes; only the open flags change.
  const [selected, setSelected] = useState<PackageView | null>(null);
  const [isBuyOpen, setIsBuyOpen] = useState(false);
  const [purchase, setPurchase] = useState<PurchasedPackageView | null>(null);
  const [isSuccessOpen, setIsSuccessOpen] = useState(false);

  return (
    <QueryStates
      query={packages}
      label="Packages"
      errorMessage="The packages could not be loaded."
      empty={{
        icon: <Inventory2Rounded />,
        title: 'No packages on sale',
        description: 'New packages will be listed here as soon as they are offered.',
      }}
      isEmpty={(data) => data.length === 0}
    >
      {(data) => (
        <>
          <Grid container spacing={2}>
            {data.map((pkg) => (
              <Grid key={pkg.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <PackageCard
                  pkg={pkg}
                  onBuy={(chosen) => {
                    setSelected(chosen);
                    setIsBuyOpen(true);
                  }}
                />
              </Grid>
            ))}
          </Grid>
          <BuyPackageDialog
            pkg={selected}
            isOpen={isBuyOpen}
            fundBalance={fundBalance}
            onClose={() => setIsBuyOpen(false)}
            onBought={(bought) => {
              setIsBuyOpen(false);
              setPurchase(bought);
              setIsSuccessOpen(true);
            }}
          />
          <PurchaseSuccessDialog
            purchase={purchase}
            isOpen={isSuccessOpen}
            onClose={() => setIsSuccessOpen(false)}
          />
        </>
      )}
    </QueryStates>
  );
}
