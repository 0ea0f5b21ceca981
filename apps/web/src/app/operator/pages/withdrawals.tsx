import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleWithdrawalsRoute() {
  return <ConsolePageHeader screen="withdrawals" />;
}
