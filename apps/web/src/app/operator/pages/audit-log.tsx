import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleAuditLogRoute() {
  return <ConsolePageHeader screen="auditLog" />;
}
