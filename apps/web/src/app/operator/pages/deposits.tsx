import { DepositQueue } from '../../../features/operator-money/components/deposit-queue.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleDepositsRoute() {
  return (
    <>
      <ConsolePageHeader screen="deposits" />
      <DepositQueue />
    </>
  );
}
