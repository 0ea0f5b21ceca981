import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { lookupHash } from './session-policy.ts';

/**
 * Whether a refused bearer token was a session of a member who is blocked now. Blocking ends
 * every session, so the session lookup no longer finds it; this second look, made only for a
 * refused token, lets the answer say the account is blocked instead of "session expired".
 */
export async function isBlockedMemberSession(db: Executor, token: string): Promise<boolean> {
  const tokenHash = lookupHash(token);
  if (!tokenHash) return false;
  const rows = await queryRows(
    db,
    sql`select 1 from sessions s join members m on m.id = s.member_id
         where s.token_hash = ${tokenHash} and m.status = 'blocked'`,
  );
  return rows.length > 0;
}
