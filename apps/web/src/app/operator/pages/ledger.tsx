import { LedgerExplorer } from '../../../features/operator-reports/components/ledger-explorer.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleLedgerRoute() {
  return (
    <>
      <ConsolePageHeader screen="ledger" />
      <LedgerExplorer />
    </>
  );
}
