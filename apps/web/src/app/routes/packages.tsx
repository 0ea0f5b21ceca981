import { LinkButton } from '../../components/link-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { PackageCatalogue } from '../../features/packages/components/package-catalogue.tsx';
import { useWalletBalance } from '../../features/wallet/api/get-wallet-balance.ts';
import { screens } from '../screens.ts';

export default function PackagesRoute() {
  // The buy dialog shows the fund wallet; the wallet feature owns it, so it is handed over here.
  const balance = useWalletBalance();
  return (
    <>
      <PageHeader
        title={screens.packages.title}
        subtitle={screens.packages.summary}
        actions={
          <LinkButton to={paths.investments} variant="outlined">
            My investments
          </LinkButton>
        }
      />
      <PackageCatalogue fundBalance={balance.data?.primary_wallet} />
    </>
  );
}
