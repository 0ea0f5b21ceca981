import { strToU8, zipSync, type Zippable } from 'fflate';
import { microsToDecimalString } from '@app/contracts';
import { csvDocument, type CsvCell } from '../../lib/csv.ts';
import type { ExportRow, MemberData } from './collect-member-data.ts';

// The member's data as one ZIP (decision 0058): member-data.json holds everything, each list
// is also a CSV a spreadsheet opens, and the files the member sent are there as they are kept.

/**
 * A list as CSV: the union of its rows' columns. Text is guarded against formulas; numbers
 * (amounts come as exact decimal strings) cannot be one and are written as they are.
 */
export function rowsCsv(rows: ExportRow[]): string {
  const header = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cellOf = (value: unknown): CsvCell => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value === 'string') return /^-?\d+(\.\d+)?$/.test(value) ? value : { text: value };
    return { text: JSON.stringify(value) };
  };
  return csvDocument(
    header,
    rows.map((row) => header.map((column) => cellOf(row[column]))),
  );
}

const README = (generatedAt: string, filesWithheld: boolean) =>
  [
    'Your data, as this platform keeps it.',
    '',
    `Made ${generatedAt} (UTC). Times are UTC; amounts are US dollars.`,
    '',
    'member-data.json  everything below in one file',
    'profile.json      your profile as registered, and your mail settings',
    'statement.csv     every movement of your wallets (the ledger), oldest first',
    'deposits.csv, withdrawals.csv, packages.csv, package-claims.csv, incomes.csv,',
    'compounding-incomes.csv, tickets.csv, ticket-messages.csv, notifications.csv,',
    'sessions.csv, sign-in-history.csv, passkeys.csv, account-closures.csv, verification.json',
    filesWithheld
      ? 'documents/         not included: the server cannot open stored files now; ask support'
      : 'documents/         the identity documents and ticket images you sent',
    '',
  ].join('\r\n');

/** The ZIP's bytes. */
export function memberDataArchive(data: MemberData, generatedAt: Date): Uint8Array {
  const { files, statement, ...rest } = data;
  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  const csv = (rows: ExportRow[]) => strToU8(rowsCsv(rows));
  // In the columns of the statement's own CSV download.
  const statementLines = statement.map(
    ({ id, createdAt, wallet, kind, amountMicros, balanceAfterMicros, ...line }) => ({
      id,
      createdAt,
      wallet,
      kind,
      amount: microsToDecimalString(amountMicros),
      balanceAfter: microsToDecimalString(balanceAfterMicros),
      ...line,
    }),
  );
  const entries: Zippable = {
    'README.txt': strToU8(README(generatedAt.toISOString(), data.filesWithheld)),
    'member-data.json': json({
      generatedAt: generatedAt.toISOString(),
      ...rest,
      statement: statementLines,
      files: files.map(({ path, purpose, mediaType, bytes }) => ({
        path,
        purpose,
        mediaType,
        byteSize: bytes.length,
      })),
    }),
    'profile.json': json({ profile: data.profile, mailPreferences: data.mailPreferences }),
    'statement.csv': csv(statementLines),
    'deposits.csv': csv(data.deposits),
    'withdrawals.csv': csv(data.withdrawals),
    'packages.csv': csv(data.packages),
    'package-claims.csv': csv(data.packageClaims),
    'incomes.csv': csv(data.incomes),
    'compounding-incomes.csv': csv(data.compoundingIncomes),
    'tickets.csv': csv(data.tickets),
    'ticket-messages.csv': csv(data.ticketMessages),
    'notifications.csv': csv(data.notifications),
    'sessions.csv': csv(data.sessions),
    'sign-in-history.csv': csv(data.signInHistory),
    'passkeys.csv': csv(data.passkeys),
    'account-closures.csv': csv(data.accountClosures),
    'verification.json': json(data.verification),
  };
  // Images and PDFs are compressed already: stored as they are.
  for (const file of files) entries[file.path] = [new Uint8Array(file.bytes), { level: 0 }];
  return zipSync(entries, { level: 6 });
}
