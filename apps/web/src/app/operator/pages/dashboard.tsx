import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleDashboardRoute() {
  return <ConsolePageHeader screen="dashboard" />;
}
