import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members, sessions } from '../../db/schema/members.ts';
import { judgeSession } from './session-policy.ts';

/**
 * Which of these member sessions still work at `now`: not revoked (by any instance), not idle
 * too long nor past their lifetime, their member not blocked. One query for all of them, and
 * no write: holding a stream open is not activity that keeps a session alive.
 */
export async function liveMemberSessions(
  db: Db,
  sessionIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({
      id: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        inArray(sessions.id, [...sessionIds]),
        isNull(sessions.revokedAt),
        eq(members.status, 'active'),
      ),
    );
  return new Set(rows.filter((row) => judgeSession(row, now) !== 'expired').map((row) => row.id));
}
