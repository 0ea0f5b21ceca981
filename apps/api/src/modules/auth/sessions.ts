import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { createToken, sha256 } from '../../lib/secrets.ts';

// PRODUCT.md §4: 30 minutes idle (sliding), 12 hours at most.
export const SESSION_IDLE_MS = 30 * MINUTE_MS;
export const SESSION_LIFETIME_MS = 12 * HOUR_MS;
/** last_seen_at is refreshed at most this often, so reads don't each become a write. */
const TOUCH_INTERVAL_MS = MINUTE_MS;

export async function createSession(
  db: Executor,
  input: { memberId: string; now: Date; ip: string; userAgent: string | undefined },
): Promise<string> {
  const token = createToken();
  await db.insert(sessions).values({
    memberId: input.memberId,
    tokenHash: sha256(token),
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt: new Date(input.now.getTime() + SESSION_LIFETIME_MS),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300),
  });
  return token;
}

export type SessionMember = { sessionId: string; memberId: string };

/**
 * The member behind a bearer token, or null when the token is unknown, revoked, idle for too
 * long, past its lifetime, or the member is blocked. One indexed read; a write only once a minute.
 */
export async function resolveSession(db: Executor, token: string, now: Date): Promise<SessionMember | null> {
  if (token.length < 20 || token.length > 200) return null;
  const result = await queryRows<{ id: string; member_id: string; last_seen_at: string | Date; expires_at: string | Date; status: string }>(db, sql`
    select s.id, s.member_id, s.last_seen_at, s.expires_at, m.status
    from sessions s join members m on m.id = s.member_id
    where s.token_hash = ${sha256(token)} and s.revoked_at is null`);
  const row = result[0];
  if (!row || row.status !== 'active') return null;
  const lastSeen = new Date(row.last_seen_at).getTime();
  const nowMs = now.getTime();
  if (nowMs >= new Date(row.expires_at).getTime() || nowMs - lastSeen >= SESSION_IDLE_MS) return null;
  if (nowMs - lastSeen >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, memberId: row.member_id };
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a member (password change, block). */
export async function revokeMemberSessions(db: Executor, memberId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}
