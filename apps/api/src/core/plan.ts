import { sql, type SQL } from 'drizzle-orm';
import { percentageToRate, readPlanDocument, toMicros, type PlanDocument } from '@app/contracts';
import { queryRows, type Executor } from '../db/client.ts';
import { DAY_MS } from '../lib/clock.ts';

// The compensation plan is data (table plan_versions, the highest version in force from its
// created_at) so operators change it without a deploy; a change applies from the next event, never
// retroactively: a purchase copies its package's terms, and every income records the plan version
// it was paid under. The document speaks percentages and dollars (packages/contracts plan.ts);
// what the code computes with is the same plan in exact units, below.

/** Rate units of 1e-4 % (0.5 % = 5000), as `applyRate` takes them. */
export type Rate = number;

export type PlanRankTerms = {
  name: string;
  teamBusiness: bigint;
  activeDirects: number;
  monthlySalary: bigint;
  reward: bigint;
};

/** The plan in exact units: micro-dollars and rate units, lists indexed by level 1–10 from 0. */
export type PlanSettings = {
  timeZone: string;
  missedDays: 'carry' | 'forfeit';
  compoundingDailyRate: Rate;
  /** [0] is the referral bonus (level 1), [1..9] the team-level bonus (levels 2–10). */
  purchaseRates: Rate[];
  teamProfitRates: Rate[];
  directsRequired: number[];
  weeklyTiers: { fromBusiness: bigint; rate: Rate }[];
  ranks: PlanRankTerms[];
  /** 100 × incomeCapMultiple (3× = 300); null: no cap. */
  incomeCapHundredths: number | null;
};
export type Plan = {
  version: number;
  createdAt: Date;
  document: PlanDocument;
  settings: PlanSettings;
};

/** The document in exact units; it was validated, so every conversion is exact. */
export function toPlanSettings(document: PlanDocument): PlanSettings {
  const rate = (percentage: number): Rate => (percentage === 0 ? 0 : percentageToRate(percentage));
  const dollars = (value: number) => (value === 0 ? 0n : toMicros(value));
  return {
    timeZone: document.timeZone,
    missedDays: document.missedDays,
    compoundingDailyRate: rate(document.compoundingDailyPercentage),
    purchaseRates: [
      rate(document.referralBonusPercentage),
      ...document.teamLevelBonusPercentages.slice(1).map(rate),
    ],
    teamProfitRates: document.teamProfitPercentages.map(rate),
    directsRequired: [...document.directsRequired],
    weeklyTiers: document.weeklyTiers.map((tier) => ({
      fromBusiness: dollars(tier.fromBusiness),
      rate: rate(tier.percentage),
    })),
    ranks: document.ranks.map((rank) => ({
      name: rank.name,
      teamBusiness: dollars(rank.teamBusiness),
      activeDirects: rank.activeDirects,
      monthlySalary: dollars(rank.monthlySalary),
      reward: dollars(rank.reward),
    })),
    incomeCapHundredths:
      document.incomeCapMultiple === null ? null : Math.round(document.incomeCapMultiple * 100),
  };
}

type VersionRow = { version: number; settings: unknown; created_at: Date | string };

function toPlan(row: VersionRow): Plan {
  const parsed = readPlanDocument(row.settings);
  if (!parsed.success)
    throw new Error(`plan version ${row.version} is invalid: ${parsed.error.message}`);
  return {
    version: row.version,
    createdAt: new Date(row.created_at),
    document: parsed.data,
    settings: toPlanSettings(parsed.data),
  };
}

/** Long enough to keep the lookup off the claim path, short enough that an edit applies within seconds. */
const PLAN_TTL_MS = 5_000;
const cache = new WeakMap<Executor, { plan: Plan; loadedAt: number }>();

/** The plan in force, validated; cached per database for a few seconds. */
export async function loadCurrentPlan(db: Executor): Promise<Plan> {
  const cached = cache.get(db);
  if (cached && performance.now() - cached.loadedAt < PLAN_TTL_MS) return cached.plan;
  const [row] = await queryRows<VersionRow>(
    db,
    sql`select version, settings, created_at from plan_versions order by version desc limit 1`,
  );
  if (!row) throw new Error('no plan version exists: the migrations seed version 1');
  const plan = toPlan(row);
  cache.set(db, { plan, loadedAt: performance.now() });
  return plan;
}

/**
 * The plan that was in force at `instant`: the newest version published before it (the oldest
 * when none was). A period's income (a week, a month) is paid under the plan of its last moment.
 */
export async function loadPlanAt(db: Executor, instant: Date): Promise<Plan> {
  const columns = sql`select version, settings, created_at from plan_versions`;
  const [inForce] = await queryRows<VersionRow>(
    db,
    sql`${columns} where created_at < ${instant.toISOString()}::timestamptz order by version desc limit 1`,
  );
  const [row] = inForce
    ? [inForce]
    : await queryRows<VersionRow>(db, sql`${columns} order by version limit 1`);
  if (!row) throw new Error('no plan version exists: the migrations seed version 1');
  return toPlan(row);
}

/** Drops the cached plan, so the next use case reads the newest version (after an edit, in tests). */
export function forgetCachedPlan(db: Executor): void {
  cache.delete(db);
}

// Business days are computed by PostgreSQL, whose time-zone database is the one authority for
// every statement (the server's and PGlite's agree with each other; JS is never asked).

/** The business day (date) that contains `now`. */
export const businessDaySql = (now: Date, timeZone: string): SQL =>
  sql`((${now.toISOString()}::timestamptz at time zone ${timeZone})::date)`;

/** The Monday (date) of the business week that contains `now`. */
export const weekStartSql = (now: Date, timeZone: string): SQL =>
  sql`(date_trunc('week', ${now.toISOString()}::timestamptz at time zone ${timeZone})::date)`;

/** The instant at which business day `day` (a date expression) begins. */
export const dayStartSql = (day: SQL, timeZone: string): SQL =>
  sql`((${day})::timestamp at time zone ${timeZone})`;

/** Calendar arithmetic on YYYY-MM-DD (dates, not instants: no time zone involved). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** PostgreSQL array literals: drizzle would spread a JS array into a parameter list. */
export const intArray = (values: readonly number[]) => `{${values.join(',')}}`;
export const bigintArray = (values: readonly bigint[]) => `{${values.join(',')}}`;
export const textArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
