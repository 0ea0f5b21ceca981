import { useLiabilities } from '../../../features/operator-reports/api/get-reports.ts';
import { LiabilitiesReport } from '../../../features/operator-reports/components/liabilities-report.tsx';
import { ReportActions } from '../../../features/operator-reports/components/report-actions.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleLiabilitiesRoute() {
  const query = useLiabilities();
  return (
    <>
      <ConsolePageHeader
        screen="liabilities"
        actions={
          <ReportActions
            onRun={() => void query.refetch()}
            isRunning={query.isFetching}
            csvPath="liabilities.csv"
            fileName="liabilities.csv"
          />
        }
      />
      <LiabilitiesReport query={query} />
    </>
  );
}
