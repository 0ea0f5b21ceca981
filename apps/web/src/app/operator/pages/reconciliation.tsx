import { useReconciliation } from '../../../features/operator-reports/api/get-reports.ts';
import { ReconciliationReport } from '../../../features/operator-reports/components/reconciliation-report.tsx';
import { ReportActions } from '../../../features/operator-reports/components/report-actions.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleReconciliationRoute() {
  const query = useReconciliation();
  return (
    <>
      <ConsolePageHeader
        screen="reconciliation"
        actions={
          <ReportActions
            onRun={() => void query.refetch()}
            isRunning={query.isFetching}
            csvPath="reconciliation.csv"
            fileName="reconciliation.csv"
          />
        }
      />
      <ReconciliationReport query={query} />
    </>
  );
}
