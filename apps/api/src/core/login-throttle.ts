import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';
import { MINUTE_MS } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';

/** Failures count within a fixed 15-minute window per key, in the database so every instance shares them. */
export const THROTTLE_WINDOW_MS = 15 * MINUTE_MS;

export type ThrottleRule = { key: string; limit: number };

/** The first rule whose key has used up its failures in the current window, with the time left. */
export async function findExceeded(
  db: Executor,
  rules: ThrottleRule[],
  now: Date,
): Promise<{ rule: ThrottleRule; retryAfterMs: number } | null> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const keys = rules.map((rule) => rule.key);
  const result = await queryRows<{
    key: string;
    failures: number;
    window_started_at: string | Date;
  }>(
    db,
    sql`
    select key, failures, window_started_at from auth_throttle
    where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}) and window_started_at > ${windowStart}`,
  );
  for (const row of result) {
    const rule = rules.find((candidate) => candidate.key === row.key);
    if (rule && row.failures >= rule.limit) {
      const retryAfterMs =
        new Date(row.window_started_at).getTime() + THROTTLE_WINDOW_MS - now.getTime();
      return { rule, retryAfterMs };
    }
  }
  return null;
}

/** Counts one failure against each key, opening a new window where the old one has passed. */
export async function recordFailure(db: Executor, keys: string[], now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const key of keys) {
    await db.execute(sql`
      insert into auth_throttle (key, failures, window_started_at) values (${key}, 1, ${now})
      on conflict (key) do update set
        failures = case when auth_throttle.window_started_at > ${windowStart} then auth_throttle.failures + 1 else 1 end,
        window_started_at = case when auth_throttle.window_started_at > ${windowStart} then auth_throttle.window_started_at else ${now} end`);
  }
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from auth_throttle where key = ${key}`);
}

/** The 429 of a used-up throttle: "{what}. Try again in N minutes.", with Retry-After. */
export function throttled(what: string, retryAfterMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new AppError(
    'RATE_LIMITED',
    `${what}. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
  );
}
