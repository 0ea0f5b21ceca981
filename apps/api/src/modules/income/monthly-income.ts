import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bigintArray, textArray } from '../../core/plan.ts';
import { expireTeamActivity } from '../../core/team-expiry.ts';
import { recordBatchOf, runPeriods, type PeriodRun, type PeriodRunOptions } from './period-runs.ts';

// Monthly income (salary): on the 1st of each month, for the month before, each member's rank
// held at the month's last moment (the latest rank change before it) earns that rank's monthly
// salary under the plan in force then. A rank the plan no longer has earns nothing.

export const MONTHLY_JOB = 'monthly-income';
/** A server down longer than this pays the last 3 months only; older months are an operator's call. */
export const MONTHLY_CATCH_UP_MONTHS = 3;
/** Members whose activity ended, processed per statement before a month's ranks are read. */
const EXPIRY_BATCH_SIZE = 100;

/** YYYY-MM `count` months after `month` (negative: before). */
export function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthlyRun: PeriodRun = {
  job: MONTHLY_JOB,
  kind: 'monthly-income',
  cause: (month) => `month:${month}`,
  latest: (today) => addMonths(today.month, -1),
  steps: { step: addMonths, catchUp: MONTHLY_CATCH_UP_MONTHS },
  endDay: (month) => sql`${`${addMonths(month, 1)}-01`}::date`,
  // A package that ended before the month did must have lowered its sponsor's rank by then.
  prepare: async (db, now) => {
    await expireTeamActivity(db, now, { batchSize: EXPIRY_BATCH_SIZE });
  },
  recordBatch: async ({ db, period: month, end, plan, cursor, batchSize, today, now }) => {
    const { ranks } = plan.settings;
    return recordBatchOf(
      db,
      sql`select distinct on (c.member_id) c.member_id, c.rank_name from rank_changes c
      where c.changed_at < ${end.toISOString()}::timestamptz and c.member_id > ${cursor}::uuid
      order by c.member_id, c.changed_at desc, c.id desc
      limit ${batchSize}::int`,
      sql`insert into incomes (member_id, kind, status, amount, cause, period, rank_name,
        plan_version, business_day, created_at)
      select b.member_id, 'monthly-income', 'pending', s.salary, ${`month:${month}`}, ${month},
        b.rank_name, ${plan.version}::int, ${today}::date, ${now.toISOString()}::timestamptz
      from batch b
      join unnest(${textArray(ranks.map((rank) => rank.name))}::text[],
        ${bigintArray(ranks.map((rank) => rank.monthlySalary))}::bigint[]) as s(name, salary)
        on s.name = b.rank_name
      where s.salary > 0
      on conflict (kind, cause, member_id) do nothing`,
    );
  },
};

/** Records the monthly income of every due month; the settlement credits it. */
export const runMonthlyIncome = (db: Db, now: Date, options: PeriodRunOptions) =>
  runPeriods(db, now, monthlyRun, options);
