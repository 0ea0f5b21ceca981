import { microsToDecimalString } from '@app/contracts';
import type { StatementRow } from '../../core/member-statement.ts';

export const CSV_HEADER = [
  'id',
  'createdAt',
  'wallet',
  'kind',
  'amount',
  'balanceAfter',
  'reference',
  'description',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe; amounts are
 * written by us as plain decimals and are left as they are.
 */
function field(value: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The statement as CSV: a header row, then one line per posting, CRLF line ends. */
export function statementCsv(rows: StatementRow[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [
        field(row.id, false),
        field(row.createdAt, false),
        field(row.wallet, false),
        field(row.kind, true),
        field(microsToDecimalString(row.amountMicros), false),
        field(microsToDecimalString(row.balanceAfterMicros), false),
        field(row.reference, true),
        field(row.description, true),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
