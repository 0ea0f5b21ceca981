import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { lookupHash } from './session-policy.ts';

/**
 * Whether a refused bearer token was a session of a member who is blocked or closed now
 * (decision 0060), and which. Blocking and closing end every session, so the session lookup no
 * longer finds it; this second look, made only for a refused token, lets the answer say what
 * happened to the account instead of "session expired". Null for any other token.
 */
export async function endedAccountOfSession(
  db: Executor,
  token: string,
): Promise<'blocked' | 'closed' | null> {
  const tokenHash = lookupHash(token);
  if (!tokenHash) return null;
  const rows = await queryRows<{ status: 'blocked' | 'closed' }>(
    db,
    sql`select m.status from sessions s join members m on m.id = s.member_id
         where s.token_hash = ${tokenHash} and m.status in ('blocked', 'closed')`,
  );
  return rows[0]?.status ?? null;
}
