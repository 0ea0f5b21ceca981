import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/page-header.tsx';
import { RecentTransactions } from '../../features/statements/components/recent-transactions.tsx';
import { WalletOverview } from '../../features/statements/components/wallet-overview.tsx';
import { screens } from '../screens.ts';

export default function FundRoute() {
  return (
    <>
      <PageHeader title={screens.fund.title} subtitle={screens.fund.summary} />
      <Stack spacing={4}>
        <WalletOverview />
        <RecentTransactions />
      </Stack>
    </>
  );
}
