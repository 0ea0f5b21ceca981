import { DashboardOverview } from '../../../features/operator-reports/components/dashboard-overview.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleDashboardRoute() {
  return (
    <>
      <ConsolePageHeader screen="dashboard" />
      <DashboardOverview />
    </>
  );
}
