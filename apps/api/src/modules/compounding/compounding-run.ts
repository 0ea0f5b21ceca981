import { count, eq, sql, sum } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { JobLimits } from '../../db/statement-limits.ts';
import { compoundingIncomes } from '../../db/schema/money-flows.ts';
import { getHouseAccountIds } from '../../ledger/index.ts';
import { payCompoundingBatch, type IncomeDay } from './daily-income.ts';
import { addDays, businessDaySql, loadCurrentPlan } from '../../core/plan.ts';
import { claimPeriod, duePeriods, finishPeriod } from '../../core/job-runs.ts';

// The daily compounding run (decision 0011). Business day D is paid once D has
// ended, by the first run on D+1 or later. Each day is a job_runs period; each member's income for
// it is a compounding_incomes row, written in batches.

export const COMPOUNDING_JOB = 'compounding';
/** A server down longer than this pays the last 7 days only; older days are an operator's call. */
export const COMPOUNDING_CATCH_UP_DAYS = 7;

export type CompoundingDayReport = { day: string; members: number; amount: bigint };
export type CompoundingRunReport = { days: CompoundingDayReport[] };

export type CompoundingRunOptions = {
  batchSize: number;
  /** Checked between batches: a shutting-down server stops after the batch in flight. */
  signal?: AbortSignal;
  /** The scheduled runs' lock and statement timeouts for each batch (decision 0039). */
  limits?: JobLimits;
};

/** Pays every due, unfinished business day, oldest first (so each day's income compounds into the next). */
export async function runCompounding(
  db: Db,
  now: Date,
  options: CompoundingRunOptions,
): Promise<CompoundingRunReport> {
  const plan = await loadCurrentPlan(db);
  const rate = plan.settings.compoundingDailyRate;
  const house = await getHouseAccountIds(db);
  const days: CompoundingDayReport[] = [];
  for (const day of await dueDays(db, now, plan.settings.timeZone)) {
    if (options.signal?.aborted) break;
    if (!(await claimPeriod(db, COMPOUNDING_JOB, day, now))) continue;
    const income: IncomeDay = { day, rate, planVersion: plan.version };
    while (
      (await payCompoundingBatch(db, house, income, options.batchSize, now, options.limits)) > 0
    ) {
      if (options.signal?.aborted) return { days };
    }
    const report = await dayTotals(db, day);
    await finishPeriod(
      db,
      COMPOUNDING_JOB,
      day,
      { members: report.members, amount: report.amount.toString(), rate },
      now,
    );
    days.push(report);
  }
  return { days };
}

/**
 * The days to pay at `now`: yesterday, every day since the last claimed one (a server that was
 * down), and days a crashed run left unfinished, all within the last COMPOUNDING_CATCH_UP_DAYS.
 * The first run ever pays yesterday only: there was no compounding before it.
 */
export async function dueDays(db: Db, now: Date, timeZone: string): Promise<string[]> {
  const [row] = await queryRows<{ today: string }>(
    db,
    sql`select ${businessDaySql(now, timeZone)}::text as today`,
  );
  if (!row) throw new Error('business day query returned nothing');
  return duePeriods(db, COMPOUNDING_JOB, addDays(row.today, -1), {
    step: addDays,
    catchUp: COMPOUNDING_CATCH_UP_DAYS,
  });
}

async function dayTotals(db: Db, day: string): Promise<CompoundingDayReport> {
  const [row] = await db
    .select({
      members: count(),
      amount: sum(compoundingIncomes.amount).mapWith(compoundingIncomes.amount),
    })
    .from(compoundingIncomes)
    .where(eq(compoundingIncomes.businessDay, day));
  return { day, members: row?.members ?? 0, amount: row?.amount ?? 0n };
}
