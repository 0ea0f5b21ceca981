import { microsToDecimalString } from '@app/contracts';
import { csvDocument } from '../../lib/csv.ts';
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

/** The statement as CSV: a header row, then one line per posting, CRLF line ends. */
export function statementCsv(rows: StatementRow[]): string {
  return csvDocument(
    CSV_HEADER,
    rows.map((row) => [
      row.id,
      row.createdAt,
      row.wallet,
      { text: row.kind },
      microsToDecimalString(row.amountMicros),
      microsToDecimalString(row.balanceAfterMicros),
      { text: row.reference },
      { text: row.description },
    ]),
  );
}
