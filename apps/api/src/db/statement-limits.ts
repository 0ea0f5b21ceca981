import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from './client.ts';

// How long one statement may wait for a lock, run, or leave its transaction idle (decision 0039).
// Without them one row held FOR UPDATE kept every request that wanted it waiting, each holding a
// pooled connection, until the pool was full and the whole API answered 503.

export type RequestLimits = {
  /** lock_timeout: a request waiting this long for a row another holds answers "busy". */
  lockTimeoutMs: number;
  /** statement_timeout: no request statement runs longer. */
  statementTimeoutMs: number;
  /** idle_in_transaction_session_timeout: the server ends a session left idle mid-transaction. */
  idleInTransactionTimeoutMs: number;
};

/** Scheduled runs (settlement, incomes, compounding, retention) and migrations: longer. */
export type JobLimits = { lockTimeoutMs: number; statementTimeoutMs: number };

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  lockTimeoutMs: 3_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
};

export const DEFAULT_JOB_LIMITS: JobLimits = { lockTimeoutMs: 30_000, statementTimeoutMs: 300_000 };

/** The settings by their PostgreSQL names, in milliseconds (the unit of all three). */
export const requestSettings = (limits: RequestLimits): [string, number][] => [
  ['lock_timeout', limits.lockTimeoutMs],
  ['statement_timeout', limits.statementTimeoutMs],
  ['idle_in_transaction_session_timeout', limits.idleInTransactionTimeoutMs],
];

/**
 * Inside the migrator's transaction: the request role's defaults in this database
 * (`ALTER ROLE … IN DATABASE … SET`), which the server applies to every session the role opens,
 * whatever pooler sits in between. Per database, since one role may serve several. An owner that
 * may not alter the role (an operator-made one) leaves it as the operator set it, with a warning
 * in the server's log; docs/operations.md gives the commands.
 */
export async function setRequestRoleLimits(
  tx: Tx,
  roleName: string,
  limits: RequestLimits,
): Promise<void> {
  const role = `'${roleName.replaceAll("'", "''")}'`;
  for (const [name, value] of requestSettings(limits)) {
    // A DO block takes no parameters: the role is quoted here, the names and numbers are ours.
    await tx.execute(
      sql.raw(`do $limits$ begin
        execute format('alter role %I in database %I set ${name} = ${Math.trunc(value)}',
          ${role}, current_database());
      exception when insufficient_privilege then
        raise warning 'may not set ${name} of role %; set it by hand (docs/operations.md)', ${role};
      end $limits$`),
    );
  }
}

/**
 * The same settings for the one connection PGlite has (no role defaults apply to a SET ROLE).
 * PGlite accepts them, but it is one connection that runs one statement at a time and has no
 * timer signals: no lock is ever waited for and no statement or idle timeout fires.
 */
export const sessionLimitsSql = (limits: RequestLimits): string =>
  requestSettings(limits)
    .map(([name, value]) => `set ${name} = ${Math.trunc(value)}`)
    .join('; ');

/**
 * Runs a scheduled run's step in a transaction whose lock and statement timeouts are the runs'
 * longer ones: `set_config(…, true)` is SET LOCAL, gone at commit, so no pooled connection keeps
 * it (unlike SET behind a transaction-mode pooler). Without limits (tests calling a run
 * directly) the step runs as it is, under the request role's own.
 */
export function withJobLimits<T>(
  db: Db,
  limits: JobLimits | undefined,
  fn: (executor: Executor) => Promise<T>,
): Promise<T> {
  if (!limits) return fn(db);
  return db.transaction(async (tx) => {
    await setLocalJobLimits(tx, limits);
    return fn(tx);
  });
}

/** SET LOCAL of the scheduled runs' limits in a transaction already open. */
export async function setLocalJobLimits(tx: Tx, limits: JobLimits): Promise<void> {
  await tx.execute(sql`select set_config('lock_timeout', ${String(limits.lockTimeoutMs)}, true),
    set_config('statement_timeout', ${String(limits.statementTimeoutMs)}, true)`);
}
