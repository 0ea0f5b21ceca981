import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { accounts, members, sessions } from '../../db/schema/index.ts';
import { toMemberBalances, type MemberBalances } from '../../ledger/index.ts';
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

export type SessionMember = { sessionId: string; memberId: string; balances: MemberBalances };

/**
 * One prepared statement per database: the token's session, its member's status and the
 * member's wallet balances in a single round trip. Every authenticated request runs it, and
 * balance reads (GET auth/wallet-balance) then need no second query.
 */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({
      id: sessions.id,
      memberId: sessions.memberId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      status: members.status,
      kind: accounts.kind,
      balance: accounts.balance,
      held: accounts.held,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .leftJoin(accounts, eq(accounts.memberId, sessions.memberId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .prepare('resolve_session');
}

/**
 * The member behind a bearer token, or null when the token is unknown, revoked, idle for too
 * long, past its lifetime, or the member is blocked. A write only once a minute per session.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
): Promise<SessionMember | null> {
  if (token.length < 20 || token.length > 200) return null;
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const rows = await lookup.execute({ tokenHash: sha256(token) });
  const row = rows[0];
  if (!row || row.status !== 'active') return null;
  const lastSeen = row.lastSeenAt.getTime();
  const nowMs = now.getTime();
  if (nowMs >= row.expiresAt.getTime() || nowMs - lastSeen >= SESSION_IDLE_MS) return null;
  if (nowMs - lastSeen >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, memberId: row.memberId, balances: toMemberBalances(rows) };
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a member (password change, block). */
export async function revokeMemberSessions(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}
