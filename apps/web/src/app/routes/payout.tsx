import { PageHeader } from '../../components/page-header.tsx';
import { PayoutList } from '../../features/withdrawals/components/payout-list.tsx';
import { screens } from '../screens.ts';

export default function PayoutRoute() {
  return (
    <>
      <PageHeader title={screens.payout.title} subtitle={screens.payout.summary} />
      <PayoutList />
    </>
  );
}
