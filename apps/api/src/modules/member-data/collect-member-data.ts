import { sql, type SQL } from 'drizzle-orm';
import { microsToDecimalString, type StatementFilter } from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { readStatementRows, type StatementRow } from '../../core/member-statement.ts';
import { openFields } from '../../core/verification-records.ts';
import {
  readMemberFile,
  type MemberFileKeys,
  type MemberFilePurpose,
} from '../../core/member-files/index.ts';

// Everything the platform keeps about one member, read for the member's own export (issue 22,
// decision 0058). Rows are read whole and then stripped of what is not theirs to take: secrets
// (hashes, tokens, keys, ciphertexts), operators' ids, other members' ids and ledger internals.
// Stripping by name, not listing what to keep, means a column added later is exported unless
// it is one of those.

export type ExportRow = Record<string, unknown>;

/** Column names that never leave the platform. */
const WITHHELD =
  /hash|token|secret|ciphertext|nonce|auth_tag|public_key|credential_id|sealed|key_id|^counter$|operator_id$|^decided_by$|^impersonated_by$|^sponsor_id$|^source_member_id$|^transfer_id$|^hold_id$|^claim_id$|^member_id$/;

/** Columns in micro-dollars, written as dollars (a decimal string, exact). */
const MONEY = /^(amount|fee|net_amount|paid_amount|base_amount|daily_profit|claimed_profit|total)$/;

function forTheMember(row: ExportRow): ExportRow {
  const kept: ExportRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (WITHHELD.test(key)) continue;
    kept[key] =
      MONEY.test(key) && (typeof value === 'number' || typeof value === 'string')
        ? microsToDecimalString(BigInt(value))
        : value;
  }
  return kept;
}

/** Each row of `from` (a table alias `t`) as JSON, so that every column comes along. */
async function rowsOf(db: Executor, from: SQL): Promise<ExportRow[]> {
  const rows = await queryRows<{ row: ExportRow }>(db, sql`select to_jsonb(t) as row ${from}`);
  return rows.map(({ row }) => forTheMember(row));
}

const ownRows = (db: Executor, table: string, memberId: string, orderBy: string) =>
  rowsOf(
    db,
    sql`from ${sql.identifier(table)} t where t.member_id = ${memberId} order by ${sql.raw(orderBy)}`,
  );

export type MemberFileExport = {
  path: string;
  purpose: MemberFilePurpose;
  mediaType: string;
  bytes: Buffer;
};

export type MemberData = {
  profile: ExportRow;
  mailPreferences: ExportRow[];
  sessions: ExportRow[];
  signInHistory: ExportRow[];
  passkeys: ExportRow[];
  statement: StatementRow[];
  deposits: ExportRow[];
  withdrawals: ExportRow[];
  packages: ExportRow[];
  packageClaims: ExportRow[];
  incomes: ExportRow[];
  compoundingIncomes: ExportRow[];
  tickets: ExportRow[];
  ticketMessages: ExportRow[];
  notifications: ExportRow[];
  verification: { submissions: ExportRow[]; documents: ExportRow[] };
  /** Their requests to close the account (decision 0060): status, times, a refusal's reason. */
  accountClosures: ExportRow[];
  /** The files themselves: identity documents and ticket images the member sent. */
  files: MemberFileExport[];
  /** Why files are missing: the server has no key to open them with. */
  filesWithheld: boolean;
};

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

const NO_FILTER: StatementFilter = {};
/** A statement far longer than any member's: the export holds all of it. */
const ALL_LINES = 1_000_000;

async function readProfile(db: Executor, memberId: string): Promise<ExportRow> {
  const [profile] = await rowsOf(
    db,
    sql`from (select m.*, s.referral_code as sponsor_referral_code
      from members m left join members s on s.id = m.sponsor_id where m.id = ${memberId}) t`,
  );
  if (!profile) throw new Error(`member ${memberId} has no row`);
  return profile;
}

async function readVerification(db: Executor, memberId: string, keys: MemberFileKeys | null) {
  const submissions = await queryRows<{ row: ExportRow; fields: string }>(
    db,
    sql`select to_jsonb(t) as row, t.fields_sealed as fields from verification_submissions t
      where t.member_id = ${memberId} order by t.submitted_at`,
  );
  return {
    submissions: submissions.map(({ row, fields }) => ({
      ...forTheMember(row),
      details: keys ? openFields(fields, keys) : null,
    })),
    documents: await ownRows(db, 'verification_documents', memberId, 't.id'),
  };
}

async function readFiles(db: Executor, memberId: string, keys: MemberFileKeys) {
  const stored = await queryRows<{ id: string; purpose: MemberFilePurpose }>(
    db,
    sql`select id, purpose from member_files where member_id = ${memberId} order by id`,
  );
  const files: MemberFileExport[] = [];
  for (const { id, purpose } of stored) {
    const file = await readMemberFile(db, keys, { fileId: id, purpose, memberId });
    if (!file) continue;
    const extension = EXTENSIONS[file.mediaType] ?? 'bin';
    files.push({
      path: `documents/${purpose}/${id}.${extension}`,
      purpose,
      mediaType: file.mediaType,
      bytes: file.bytes,
    });
  }
  return files;
}

/** Reads it all; run it in one read-only snapshot so the parts agree. */
export async function collectMemberData(
  db: Executor,
  memberId: string,
  keys: MemberFileKeys | null,
): Promise<MemberData> {
  const own = (table: string, orderBy: string) => ownRows(db, table, memberId, orderBy);
  return {
    profile: await readProfile(db, memberId),
    mailPreferences: await own('member_mail_preferences', 't.kind'),
    sessions: await own('sessions', 't.created_at'),
    signInHistory: await own('sign_in_attempts', 't.at'),
    passkeys: await own('member_passkeys', 't.created_at'),
    statement: (await readStatementRows(db, memberId, NO_FILTER, ALL_LINES)).reverse(),
    deposits: await own('deposits', 't.created_at'),
    withdrawals: await own('withdrawals', 't.created_at'),
    packages: await own('member_packages', 't.start_day, t.id'),
    packageClaims: await own('package_claims', 't.accrual_day, t.member_package_id'),
    incomes: await own('incomes', 't.created_at, t.id'),
    compoundingIncomes: await own('compounding_incomes', 't.business_day'),
    tickets: await own('tickets', 't.number'),
    ticketMessages: await rowsOf(
      db,
      sql`from (select m.*, k.number as ticket_number from ticket_messages m
        join tickets k on k.id = m.ticket_id where k.member_id = ${memberId}) t
        order by t.ticket_number, t.created_at, t.id`,
    ),
    notifications: await own('notifications', 't.created_at'),
    verification: await readVerification(db, memberId, keys),
    accountClosures: await own('account_closures', 't.requested_at, t.id'),
    files: keys ? await readFiles(db, memberId, keys) : [],
    filesWithheld: keys === null,
  };
}
