import Stack from '@mui/material/Stack';
import { LinkButton } from '../../components/link-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { MoveToCompounding } from '../../features/compounding/components/move-to-compounding.tsx';
import { useWallets } from '../../features/statements/api/get-wallets.ts';
import { RecentTransactions } from '../../features/statements/components/recent-transactions.tsx';
import { WalletOverview } from '../../features/statements/components/wallet-overview.tsx';
import { screens } from '../screens.ts';

export default function FundRoute() {
  // The move dialog shows the profit wallet's available balance, which the statements feature loads.
  const wallets = useWallets();
  return (
    <>
      <PageHeader
        title={screens.fund.title}
        subtitle={screens.fund.summary}
        actions={
          <Stack direction="row" spacing={1}>
            <LinkButton to={paths.withdrawal} variant="outlined">
              Withdraw
            </LinkButton>
            <MoveToCompounding profitAvailable={wallets.data?.profit.available} />
          </Stack>
        }
      />
      <Stack spacing={4}>
        <WalletOverview />
        <RecentTransactions />
      </Stack>
    </>
  );
}
