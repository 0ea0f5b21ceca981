import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { DAY_MS } from '../../lib/clock.ts';

/**
 * How long mails given up on stay counted (and kept: the retention run deletes them after it).
 * A week covers a weekend without an operator looking.
 */
export const FAILED_MAIL_WINDOW_MS = 7 * DAY_MS;

/** Mails given up on in the last week: the console's overview and the /metrics gauge. */
export async function countFailedMails(db: Executor, now: Date): Promise<number> {
  const since = new Date(now.getTime() - FAILED_MAIL_WINDOW_MS);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from mail_outbox where failed_at >= ${since}`,
  );
  return row?.n ?? 0;
}
