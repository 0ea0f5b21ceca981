import { WithdrawalQueue } from '../../../features/operator-money/components/withdrawal-queue.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleWithdrawalsRoute() {
  return (
    <>
      <ConsolePageHeader screen="withdrawals" />
      <WithdrawalQueue />
    </>
  );
}
