import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleLedgerRoute() {
  return <ConsolePageHeader screen="ledger" />;
}
