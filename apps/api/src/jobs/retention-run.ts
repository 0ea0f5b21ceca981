import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../db/client.ts';
import { withJobLimits, type JobLimits } from '../db/statement-limits.ts';
import { DAY_MS } from '../lib/clock.ts';
import { LONGEST_THROTTLE_WINDOW_MS } from '../core/login-throttle.ts';
import { claimPeriod, finishPeriod } from '../core/job-runs.ts';
import { FAILED_MAIL_WINDOW_MS } from '../core/mail-outbox/failed-mails.ts';
import { MAIL_ONCE_KEY_USEFUL_MS } from './member-mail-run.ts';
import { readRetentionSettings } from '../core/platform-settings.ts';
import { deleteRetiredDocuments, eraseClosedAccounts } from './retention-personal-data.ts';

// The daily retention run (decision 0014): rows that only ever served a short-lived purpose are
// deleted once they cannot serve it any more, so these tables stop growing with traffic. Then
// (decision 0060) the personal data members no longer need, after the operators' periods:
// rejected and replaced identity documents, and what identified the members of closed accounts.
// Money, the team's figures and the audit log are never touched here.

export const RETENTION_JOB = 'retention';

/**
 * What is deleted, and how long after its moment. Each rule's column is indexed, so a batch finds
 * its rows without reading the table.
 */
export const RETENTION_RULES = [
  // A replayed response is owed to a client retrying the same request; a day is the least any
  // client may count on, the second day is margin. (The lock on a key lasts a minute.)
  { table: 'idempotency_keys', column: 'created_at', keepMs: 2 * DAY_MS },
  // Every session has ended by its absolute expiry (12 h after sign-in) at the latest; ended
  // sessions are kept a month for security questions (where and when a member signed in).
  { table: 'sessions', column: 'expires_at', keepMs: 30 * DAY_MS },
  { table: 'operator_sessions', column: 'expires_at', keepMs: 30 * DAY_MS },
  // The sign-in history a member and the console read covers the same month (decision 0044).
  { table: 'sign_in_attempts', column: 'at', keepMs: 30 * DAY_MS },
  // A sign-in's second step is over 5 minutes after its password step.
  { table: 'sign_in_challenges', column: 'expires_at', keepMs: DAY_MS },
  // A passkey's options are answered within their 5 minutes or never (decision 0048).
  { table: 'webauthn_challenges', column: 'expires_at', keepMs: DAY_MS },
  // A code is useless after its 10 minutes; the resend interval only looks minutes back.
  { table: 'otps', column: 'expires_at', keepMs: DAY_MS },
  // A throttle window lasts 15 minutes, an hour for the counts per address and per account from
  // anywhere (decision 0050); an older row no longer limits anyone.
  { table: 'auth_throttle', column: 'window_started_at', keepMs: LONGEST_THROTTLE_WINDOW_MS },
  // A spent proof-of-work only has to be remembered while its challenge could still be sent.
  { table: 'proof_of_work_spent', column: 'expires_at', keepMs: 0 },
  // A sent mail's text is erased when it is sent; the row (recipient, kind, time) is kept a day
  // to answer "did my mail go out?". A failed one is kept a week: the console counts them.
  { table: 'mail_outbox', column: 'sent_at', keepMs: DAY_MS },
  { table: 'mail_outbox', column: 'failed_at', keepMs: FAILED_MAIL_WINDOW_MS },
  // A once-only mail's key (a package ended, a day's income digest) stops mattering when the
  // member-mail run no longer looks that far back.
  { table: 'mail_once_keys', column: 'created_at', keepMs: 2 * MAIL_ONCE_KEY_USEFUL_MS },
] as const;

export type RetentionTable = (typeof RETENTION_RULES)[number]['table'];
export type RetentionReport = {
  day: string;
  deleted: Record<RetentionTable, number>;
  /** Identity documents deleted and closed accounts whose personal data was erased. */
  personalData: { documents: number; closedAccounts: number };
} | null;

export type RetentionRunOptions = {
  /** Rows deleted per statement: short transactions, no long locks on busy tables. */
  batchSize: number;
  signal?: AbortSignal;
  /** The scheduled runs' lock and statement timeouts for each batch (decision 0039). */
  limits?: JobLimits;
};

/**
 * Deletes what the rules no longer keep, once per UTC day (claimed in job_runs like the
 * compounding run, so any number of instances may run it). Null when the day was done already or
 * the run was stopped; a stopped or crashed run is simply run again, as deleting is idempotent.
 */
export async function runRetention(
  db: Db,
  now: Date,
  options: RetentionRunOptions,
): Promise<RetentionReport> {
  const day = now.toISOString().slice(0, 10);
  if (!(await claimPeriod(db, RETENTION_JOB, day, now))) return null;
  const deleted = {} as Record<RetentionTable, number>;
  for (const rule of RETENTION_RULES) {
    const cutoff = new Date(now.getTime() - rule.keepMs);
    deleted[rule.table] ??= 0;
    for (;;) {
      if (options.signal?.aborted) return null;
      const count = await withJobLimits(db, options.limits, (executor) =>
        deleteBatch(executor, rule, cutoff, options.batchSize),
      );
      deleted[rule.table] += count;
      if (count < options.batchSize) break;
    }
  }
  const settings = await readRetentionSettings(db);
  const step = { batchSize: options.batchSize, limits: options.limits, signal: options.signal };
  const personalData = {
    documents: await deleteRetiredDocuments(db, now, settings, step),
    closedAccounts: await eraseClosedAccounts(db, now, settings, step),
  };
  if (options.signal?.aborted) return null;
  await finishPeriod(db, RETENTION_JOB, day, { deleted, personalData }, now);
  return { day, deleted, personalData };
}

/** Deletes up to `limit` rows older than `cutoff` by their physical address: one index range read. */
async function deleteBatch(
  db: Executor,
  rule: (typeof RETENTION_RULES)[number],
  cutoff: Date,
  limit: number,
): Promise<number> {
  const table = sql.identifier(rule.table);
  const column = sql.identifier(rule.column);
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`with gone as (
          delete from ${table}
           where ctid = any(array(select ctid from ${table} where ${column} < ${cutoff} limit ${limit}))
          returning 1)
        select count(*)::int as deleted from gone`,
  );
  return row?.deleted ?? 0;
}
