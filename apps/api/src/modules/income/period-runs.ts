import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/client.ts';
import { withJobLimits, type JobLimits } from '../../db/statement-limits.ts';
import { claimPeriod, duePeriods, finishPeriod, type PeriodSteps } from '../../core/job-runs.ts';
import {
  businessDaySql,
  dayStartSql,
  loadCurrentPlan,
  loadPlanAt,
  type Plan,
} from '../../core/plan.ts';

// The weekly and the monthly income are scheduled runs (decision 0020). Each period is claimed
// in job_runs; its incomes are recorded in batches of members as `pending` records whose
// (kind, cause, member) key makes a second recording of anyone a no-op, so a run killed halfway
// finishes on the next start without paying anyone twice, and any number of instances may run it.
// The settlement then credits them like every other income.

export type PeriodReport = { period: string; members: number; amount: bigint };

export type PeriodRunOptions = {
  batchSize: number;
  /** Checked between batches: a shutting-down server stops after the batch in flight. */
  signal?: AbortSignal;
  /** The scheduled runs' lock and statement timeouts for each batch (decision 0039). */
  limits?: JobLimits;
};

/** Where the current business day falls: its date, its week's Monday and its month. */
export type Today = { day: string; weekStart: string; month: string };

export async function readToday(db: Db, now: Date, timeZone: string): Promise<Today> {
  const day = businessDaySql(now, timeZone);
  const [row] = await queryRows<Today>(
    db,
    sql`select ${day}::text as day, date_trunc('week', ${day})::date::text as "weekStart",
      to_char(${day}, 'YYYY-MM') as month`,
  );
  if (!row) throw new Error('business day query returned nothing');
  return row;
}

/** The instant a period ends: the start of the business day after it. */
export async function readInstant(db: Db, day: SQL, timeZone: string): Promise<Date> {
  const [row] = await queryRows<{ at: Date | string }>(
    db,
    sql`select ${dayStartSql(day, timeZone)} as at`,
  );
  if (!row) throw new Error('instant query returned nothing');
  return new Date(row.at);
}

export type PeriodRun = {
  job: string;
  kind: 'weekly-income' | 'monthly-income';
  /** The income's cause for a period, e.g. week:2026-03-02 (unique per member with the kind). */
  cause: (period: string) => string;
  /** The newest period that has ended, in the plan's calendar. */
  latest: (today: Today) => string;
  steps: PeriodSteps;
  /** The first business day after the period (its end), as an SQL date. */
  endDay: (period: string) => SQL;
  /**
   * Records the incomes of up to `batchSize` members after `cursor` (member id order) under
   * `plan`, the plan in force when the period ended; answers the last member looked at (null when
   * none was left) and how many incomes were recorded.
   */
  recordBatch: (input: {
    db: Executor;
    period: string;
    /** The instant the period ended. */
    end: Date;
    plan: Plan;
    cursor: string;
    batchSize: number;
    today: string;
    now: Date;
  }) => Promise<{ last: string | null; recorded: number }>;
  /** Work to finish before a period is read (the monthly run brings ranks up to date). */
  prepare?: (db: Db, now: Date) => Promise<void>;
};

const FIRST_CURSOR = '00000000-0000-0000-0000-000000000000';

/**
 * One batch of a period run in one statement: `batch` selects the next members in id order (a
 * `member_id` column), `record` inserts their incomes from it (`on conflict do nothing`, so a
 * member recorded before is skipped). Answers the last member looked at and how many were recorded.
 */
export async function recordBatchOf(
  db: Executor,
  batch: SQL,
  record: SQL,
): Promise<{ last: string | null; recorded: number }> {
  const [row] = await queryRows<{ last: string | null; recorded: number }>(
    db,
    sql`with batch as (${batch}), recorded as (${record} returning 1)
    select (select member_id::text from batch order by member_id desc limit 1) as last,
      (select count(*)::int from recorded) as recorded`,
  );
  return { last: row?.last ?? null, recorded: row?.recorded ?? 0 };
}

/** Records the incomes of every due, unfinished period of `run`, oldest first. */
export async function runPeriods(
  db: Db,
  now: Date,
  run: PeriodRun,
  options: PeriodRunOptions,
): Promise<PeriodReport[]> {
  const { timeZone } = (await loadCurrentPlan(db)).settings;
  const today = await readToday(db, now, timeZone);
  const reports: PeriodReport[] = [];
  for (const period of await duePeriods(db, run.job, run.latest(today), run.steps)) {
    if (options.signal?.aborted) break;
    if (!(await claimPeriod(db, run.job, period, now))) continue;
    await run.prepare?.(db, now);
    const end = await readInstant(db, run.endDay(period), timeZone);
    const plan = await loadPlanAt(db, end);
    for (let cursor: string | null = FIRST_CURSOR; cursor;) {
      if (options.signal?.aborted) return reports;
      const { batchSize } = options;
      const from = cursor;
      const batch: { last: string | null } = await withJobLimits(db, options.limits, (executor) =>
        run.recordBatch({
          db: executor,
          period,
          end,
          plan,
          cursor: from,
          batchSize,
          today: today.day,
          now,
        }),
      );
      cursor = batch.last;
    }
    const report = await periodTotals(db, run, period);
    await finishPeriod(
      db,
      run.job,
      period,
      { members: report.members, amount: report.amount.toString(), planVersion: plan.version },
      now,
    );
    reports.push(report);
  }
  return reports;
}

async function periodTotals(db: Db, run: PeriodRun, period: string): Promise<PeriodReport> {
  const [row] = await queryRows<{ members: number; amount: string }>(
    db,
    sql`select count(*)::int as members, coalesce(sum(amount), 0)::text as amount
    from incomes where kind = ${run.kind} and cause = ${run.cause(period)}`,
  );
  return { period, members: row?.members ?? 0, amount: BigInt(row?.amount ?? 0) };
}
