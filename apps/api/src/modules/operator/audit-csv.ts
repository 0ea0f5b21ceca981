import type { AuditEntryView } from '@app/contracts';
import { csvDocument } from '../../lib/csv.ts';

/** The audit log as CSV, newest first; the detail is its JSON text. */
export function auditCsv(rows: AuditEntryView[]): string {
  return csvDocument(
    ['id', 'createdAt', 'operatorEmail', 'action', 'targetType', 'targetId', 'ip', 'detail'],
    rows.map((row) => [
      row.id,
      row.createdAt,
      row.operatorEmail === null ? null : { text: row.operatorEmail },
      { text: row.action },
      row.targetType === null ? null : { text: row.targetType },
      row.targetId === null ? null : { text: row.targetId },
      row.ip,
      row.detail === null || row.detail === undefined ? null : { text: JSON.stringify(row.detail) },
    ]),
  );
}
