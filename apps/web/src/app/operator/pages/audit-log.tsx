import { AuditLogList } from '../../../features/operator-reports/components/audit-log-list.tsx';
import { useOperators } from '../../../features/operator-staff/api/operators.ts';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleAuditLogRoute() {
  const operators = useOperators();
  return (
    <>
      <ConsolePageHeader screen="auditLog" />
      <AuditLogList operators={operators.data ?? []} />
    </>
  );
}
