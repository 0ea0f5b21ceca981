import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Executor, Tx } from '../db/client.ts';
import { setLocalJobLimits, type JobLimits } from '../db/statement-limits.ts';
import { findSqlState } from './errors.ts';

// Money transactions run at READ COMMITTED: every balance change is a conditional UPDATE
// (`... where balance - held + delta >= 0`) and PostgreSQL re-checks that condition against the
// newest row version after waiting for a concurrent writer, so no overdraft can slip through and
// no read-validate-write cycle needs SERIALIZABLE (which would abort and retry far more often).
// Rows are updated in ascending account id, so transfers do not deadlock each other; the retry
// below is for the cases that remain (other modules' row locks, a SERIALIZABLE caller).

/** serialization_failure and deadlock_detected: the transaction did nothing and may run again. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

export type IsolationLevel = 'read committed' | 'repeatable read' | 'serializable';

export type TransactionOptions = {
  /** Extra attempts after the first on a retryable failure (default 5). */
  retries?: number;
  /** Default 'read committed' (see above). */
  isolationLevel?: IsolationLevel;
  /** A scheduled run's lock and statement timeouts, set first in each attempt (decision 0039). */
  jobLimits?: JobLimits;
};

export function isRetryableTransactionError(error: unknown): boolean {
  const code = findSqlState(error);
  return code !== undefined && RETRYABLE_SQLSTATES.has(code);
}

/**
 * Runs `fn` in one transaction, retrying it from the start on a serialization failure or a
 * deadlock. `fn` may therefore run more than once: it must not have effects outside the
 * transaction (send mail, answer the request) before it returns.
 */
export async function withTransaction<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const retries = options.retries ?? 5;
  const isolationLevel = options.isolationLevel ?? 'read committed';
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { jobLimits } = options;
      const run = jobLimits
        ? async (tx: Tx) => {
            await setLocalJobLimits(tx, jobLimits);
            return fn(tx);
          }
        : fn;
      return await db.transaction(run, { isolationLevel });
    } catch (error) {
      if (attempt >= retries || !isRetryableTransactionError(error)) throw error;
      await sleep(backoffMs(attempt));
    }
  }
}

/** 2, 4, 8... ms capped at 100, times a random 0.5-1.5 so colliding transactions drift apart. */
function backoffMs(attempt: number): number {
  return Math.min(100, 2 ** (attempt + 1)) * (0.5 + Math.random());
}

export function isTransaction(executor: Executor): executor is Tx {
  return 'rollback' in executor;
}

/**
 * Ledger writes always happen inside a transaction: given one, join it (the caller decides when to
 * commit, and a thrown error rolls everything back); given the database, open one just for this.
 */
export function inTransaction<T>(executor: Executor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return isTransaction(executor) ? fn(executor) : withTransaction(executor, fn);
}
