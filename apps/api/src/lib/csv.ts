// CSV (RFC 4180) for every export: the member statement and the console's reports.

/** A CSV cell: text a person or a member typed (guarded against formulas) or a value we wrote. */
export type CsvCell = { text: string } | string | number | null;

/**
 * One CSV field: quoted when it holds a comma, quote or line break. Text that a spreadsheet
 * would run as a formula (=, +, -, @ first) gets a leading apostrophe; amounts, ids and times
 * are written by us as plain values and are left as they are.
 */
export function csvField(value: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const cell = (value: CsvCell): string => {
  if (value === null) return '';
  if (typeof value === 'object') return csvField(value.text, true);
  return csvField(String(value), false);
};

/** A header row, then one line per row, CRLF line ends. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.join(',')];
  for (const row of rows) lines.push(row.map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The headers of every CSV download: a file to save, never cached. */
export function csvHeaders(fileName: string, total?: number): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
    ...(total === undefined ? {} : { 'x-total-count': String(total) }),
  };
}
