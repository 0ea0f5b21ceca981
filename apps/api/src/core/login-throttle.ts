import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';
import { HOUR_MS, MINUTE_MS } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Failures count within a fixed window per key, in the database so every instance shares them:
 * 15 minutes unless the key says otherwise.
 */
export const THROTTLE_WINDOW_MS = 15 * MINUTE_MS;
/**
 * The longest window a key may have: the retention run deletes rows whose window began longer
 * ago than this, when they no longer count (decision 0050 counts per address and per account in
 * an hour).
 */
export const LONGEST_THROTTLE_WINDOW_MS = HOUR_MS;

/** A counter: its key and, when not the usual 15 minutes, its window. */
export type ThrottleKey = { key: string; windowMs?: number };
export type ThrottleRule = ThrottleKey & { limit: number };

const keyOf = (entry: string | ThrottleKey): ThrottleKey =>
  typeof entry === 'string' ? { key: entry } : entry;
const windowOf = (entry: ThrottleKey) => entry.windowMs ?? THROTTLE_WINDOW_MS;

/** Each key's failures in its current window (keys whose window has passed are left out). */
async function openWindows(
  db: Executor,
  entries: ThrottleKey[],
  now: Date,
): Promise<Map<string, { failures: number; windowEndsAt: number }>> {
  const open = new Map<string, { failures: number; windowEndsAt: number }>();
  if (entries.length === 0) return open;
  const rows = await queryRows<{
    key: string;
    failures: number;
    window_started_at: string | Date;
  }>(
    db,
    sql`
    select key, failures, window_started_at from auth_throttle
    where key in (${sql.join(
      entries.map((entry) => sql`${entry.key}`),
      sql`, `,
    )})`,
  );
  for (const row of rows) {
    const entry = entries.find((candidate) => candidate.key === row.key);
    if (!entry) continue;
    const windowEndsAt = new Date(row.window_started_at).getTime() + windowOf(entry);
    if (windowEndsAt > now.getTime())
      open.set(row.key, { failures: Number(row.failures), windowEndsAt });
  }
  return open;
}

/** The first rule whose key has used up its failures in the current window, with the time left. */
export async function findExceeded(
  db: Executor,
  rules: ThrottleRule[],
  now: Date,
): Promise<{ rule: ThrottleRule; retryAfterMs: number } | null> {
  const open = await openWindows(db, rules, now);
  for (const rule of rules) {
    const counted = open.get(rule.key);
    if (counted && counted.failures >= rule.limit)
      return { rule, retryAfterMs: counted.windowEndsAt - now.getTime() };
  }
  return null;
}

/** How many failures each key has in its current window (0 when none). */
export async function countFailures(
  db: Executor,
  entries: ThrottleKey[],
  now: Date,
): Promise<Map<string, number>> {
  const open = await openWindows(db, entries, now);
  return new Map(entries.map((entry) => [entry.key, open.get(entry.key)?.failures ?? 0]));
}

/**
 * Counts one failure against each key, opening a new window where the old one has passed; the
 * count each key reached. Each key's row is updated under its lock, so two failures at once
 * reach two different counts (a threshold is crossed by exactly one of them).
 */
export async function recordFailure(
  db: Executor,
  entries: (string | ThrottleKey)[],
  now: Date,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const entry of entries.map(keyOf)) {
    const windowStart = new Date(now.getTime() - windowOf(entry));
    const [row] = await queryRows<{ failures: number }>(
      db,
      sql`
      insert into auth_throttle (key, failures, window_started_at) values (${entry.key}, 1, ${now})
      on conflict (key) do update set
        failures = case when auth_throttle.window_started_at > ${windowStart} then auth_throttle.failures + 1 else 1 end,
        window_started_at = case when auth_throttle.window_started_at > ${windowStart} then auth_throttle.window_started_at else ${now} end
      returning failures`,
    );
    counts.set(entry.key, Number(row?.failures ?? 1));
  }
  return counts;
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
