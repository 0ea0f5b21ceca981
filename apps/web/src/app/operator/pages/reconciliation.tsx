import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleReconciliationRoute() {
  return <ConsolePageHeader screen="reconciliation" />;
}
