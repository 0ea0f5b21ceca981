import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../db/client.ts';
import { findSqlState } from '../ledger/errors.ts';

// For the tests of the database's own ledger guards (triggers and constraints in the
// migrations): a refusal is matched by its SQLSTATE and the trigger's message or the
// constraint's name, so a test fails when that one guard is dropped even if another guard
// would refuse the same statement, and every refusal is shown to have changed no ledger row.

export type Refusal = { code: string | undefined; constraint: string | undefined; message: string };

/** What the database answered `run` with; undefined when it let it through. */
export async function findRefusal(run: () => Promise<unknown>): Promise<Refusal | undefined> {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; message?: string } }).cause;
    return {
      code: findSqlState(error),
      constraint: cause?.constraint,
      message: String(cause?.message ?? error),
    };
  }
  return undefined;
}

export const selectRows = async (db: Executor, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Every ledger row, to compare before and after a refused statement. */
const selectLedger = (db: Executor) =>
  selectRows(
    db,
    sql`select
      (select json_agg(t order by id) from transfers t) as transfers,
      (select json_agg(p order by id) from postings p) as postings,
      (select json_agg(a order by id) from accounts a) as accounts,
      (select json_agg(h order by id) from holds h) as holds`,
  );

/** Runs `run` (a statement, or a function for a whole transaction) and expects `refusal`. */
export async function expectRefused(
  db: Executor,
  run: SQL | (() => Promise<unknown>),
  refusal: Partial<Record<keyof Refusal, unknown>>,
): Promise<void> {
  const before = await selectLedger(db);
  const answer = await findRefusal(typeof run === 'function' ? run : () => db.execute(run));
  expect(answer, 'the database let it through').toMatchObject(refusal);
  expect(await selectLedger(db)).toEqual(before);
}

/** A CHECK constraint's refusal, by the constraint's name. */
export const checkViolation = (constraint: string) => ({ code: '23514', constraint });
