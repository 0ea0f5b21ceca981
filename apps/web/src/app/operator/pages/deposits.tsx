import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleDepositsRoute() {
  return <ConsolePageHeader screen="deposits" />;
}
