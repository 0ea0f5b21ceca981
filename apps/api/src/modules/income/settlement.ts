import { sql } from 'drizzle-orm';
import { incomeKindLabels } from '@app/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { withJobLimits, type JobLimits } from '../../db/statement-limits.ts';
import { loadCurrentPlan } from '../../core/plan.ts';

// Commissions, weekly and monthly income and rewards are recorded `pending` by the event or run
// that earns them and credited here, in batches (the incomes_settle function, migration 0014):
// one transfer per member and kind per batch, so the members at the top of a busy team are
// written once per batch rather than once per claim below them (decision 0020).

export type SettlementReport = { incomes: number; transfers: number };

export type SettlementOptions = {
  batchSize: number;
  /** Checked between batches: a shutting-down server stops after the batch in flight. */
  signal?: AbortSignal;
  /** The scheduled runs' lock and statement timeouts (decision 0039). */
  limits?: JobLimits;
};

/** Settles one batch: credits up to `batchSize` pending incomes; 0 incomes means none was left. */
export async function settleIncomeBatch(
  db: Db,
  now: Date,
  batchSize: number,
  limits?: JobLimits,
): Promise<SettlementReport> {
  // The cap in force when the income is credited; the cached plan is at most seconds old.
  const plan = await loadCurrentPlan(db);
  const [row] = await withJobLimits(db, limits, (executor) =>
    queryRows<{ settled: number; transfers: number }>(
      executor,
      sql`select settled, transfers from incomes_settle(${batchSize}::int,
      ${now.toISOString()}::timestamptz, ${plan.settings.incomeCapHundredths}::int,
      ${JSON.stringify(incomeKindLabels)}::jsonb)`,
    ),
  );
  return { incomes: row?.settled ?? 0, transfers: row?.transfers ?? 0 };
}

/** Credits every pending income, batch after batch, until none is left (or the signal aborts). */
export async function settlePendingIncomes(
  db: Db,
  now: Date,
  options: SettlementOptions,
): Promise<SettlementReport> {
  const total: SettlementReport = { incomes: 0, transfers: 0 };
  while (!options.signal?.aborted) {
    const batch = await settleIncomeBatch(db, now, options.batchSize, options.limits);
    total.incomes += batch.incomes;
    total.transfers += batch.transfers;
    if (batch.incomes < options.batchSize) break;
  }
  return total;
}
