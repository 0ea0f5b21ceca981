import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Executor } from '../db/client.ts';
import { DAY_MS } from '../lib/clock.ts';

// The compensation plan is data (table plan_versions, highest version in force) so operators can
// change it without a deploy; a change applies from the next event, never retroactively: a
// purchase copies its package's terms, and every claim records the plan version it ran under.

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The plan settings this module reads. Other modules' settings live in the same document, so
 * unknown keys are kept (loose object) rather than stripped.
 */
export const planSettings = z.looseObject({
  /** The business day is the calendar day in this IANA time zone. */
  timeZone: z.string().refine(isTimeZone, 'timeZone must be an IANA time zone').default('UTC'),
  /** carry: unclaimed days wait until claimed; forfeit: a claim pays only the latest accrued day. */
  missedDays: z.enum(['carry', 'forfeit']).default('carry'),
});
export type PlanSettings = z.infer<typeof planSettings>;
export type Plan = { version: number; settings: PlanSettings };

/** Long enough to keep the lookup off the claim path, short enough that an edit applies within seconds. */
const PLAN_TTL_MS = 5_000;
const cache = new WeakMap<Executor, { plan: Plan; loadedAt: number }>();

/** The plan in force, validated; cached per database for a few seconds. */
export async function loadCurrentPlan(db: Executor): Promise<Plan> {
  const cached = cache.get(db);
  if (cached && performance.now() - cached.loadedAt < PLAN_TTL_MS) return cached.plan;
  const [row] = await queryRows<{ version: number; settings: unknown }>(
    db,
    sql`select version, settings from plan_versions order by version desc limit 1`,
  );
  if (!row) throw new Error('no plan version exists: the migrations seed version 1');
  const parsed = planSettings.safeParse(row.settings);
  if (!parsed.success)
    throw new Error(`plan version ${row.version} is invalid: ${parsed.error.message}`);
  const plan = { version: row.version, settings: parsed.data };
  cache.set(db, { plan, loadedAt: performance.now() });
  return plan;
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

/** The instant at which business day `day` (a date expression) begins. */
export const dayStartSql = (day: SQL, timeZone: string): SQL =>
  sql`((${day})::timestamp at time zone ${timeZone})`;

/** Calendar arithmetic on YYYY-MM-DD (dates, not instants: no time zone involved). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
