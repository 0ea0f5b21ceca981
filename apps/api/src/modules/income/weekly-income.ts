import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addDays, bigintArray, intArray } from '../../core/plan.ts';
import { recordBatchOf, runPeriods, type PeriodRun, type PeriodRunOptions } from './period-runs.ts';

// Weekly income: every Monday, for the week before (Monday to Sunday, business days), each
// member's new team business (purchases by levels 1–10 below them that week) times the rate of
// the highest tier it reaches, under the plan in force when the week ended. The product is taken
// in numeric: a week's business of $461M in micro-dollars times a 2 % rate unit passes 2^63.

export const WEEKLY_JOB = 'weekly-income';
/** A server down longer than this pays the last 8 weeks only; older weeks are an operator's call. */
export const WEEKLY_CATCH_UP_WEEKS = 8;

const weeklyRun: PeriodRun = {
  job: WEEKLY_JOB,
  kind: 'weekly-income',
  cause: (week) => `week:${week}`,
  latest: (today) => addDays(today.weekStart, -7),
  steps: { step: (week, count) => addDays(week, 7 * count), catchUp: WEEKLY_CATCH_UP_WEEKS },
  endDay: (week) => sql`${addDays(week, 7)}::date`,
  recordBatch: async ({ db, period: week, plan, cursor, batchSize, today, now }) => {
    const tiers = [...plan.settings.weeklyTiers].reverse(); // highest first
    if (tiers.length === 0) return { last: null, recorded: 0 };
    return recordBatchOf(
      db,
      sql`select w.member_id, w.business from team_weeks w
      where w.week_start = ${week}::date and w.member_id > ${cursor}::uuid
      order by w.member_id limit ${batchSize}::int`,
      sql`insert into incomes (member_id, kind, status, amount, base_amount, rate, cause, period,
        plan_version, business_day, created_at)
      select b.member_id, 'weekly-income', 'pending', tier.amount, b.business,
        tier.rate, ${`week:${week}`}, ${week}, ${plan.version}::int, ${today}::date,
        ${now.toISOString()}::timestamptz
      from batch b
      cross join lateral (
        select t.rate, div(b.business::numeric * t.rate, 1000000)::bigint as amount
        from unnest(${bigintArray(tiers.map((tier) => tier.fromBusiness))}::bigint[],
          ${intArray(tiers.map((tier) => tier.rate))}::int[]) with ordinality as t(from_business, rate, n)
        where b.business >= t.from_business order by t.n limit 1
      ) tier
      where tier.amount > 0
      on conflict (kind, cause, member_id) do nothing`,
    );
  },
};

/** Records the weekly income of every due week; the settlement credits it. */
export const runWeeklyIncome = (db: Db, now: Date, options: PeriodRunOptions) =>
  runPeriods(db, now, weeklyRun, options);
