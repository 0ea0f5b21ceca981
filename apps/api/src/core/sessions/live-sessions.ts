import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { MemberSessionView } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/members.ts';
import { revokeSession } from './member-sessions.ts';
import { describeSessionDevice } from './session-devices.ts';
import { judgeSession } from './session-policy.ts';

// A member's live sessions as the member (GET auth/sessions) and the console see them, and their
// endings (decision 0043). Live is what the request path judges (session-policy.ts): not revoked,
// not idle for 30 minutes, not past its 12 hours. An operator's read-only view of the account
// (decision 0026) is not one of the member's devices: never listed, and never ended from here.

type SessionRow = {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
};

const ownSessions = (memberId: string) =>
  and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), isNull(sessions.impersonatedBy));

async function liveRows(
  db: Executor,
  memberId: string,
  now: Date,
  sessionId?: string,
): Promise<SessionRow[]> {
  const rows = await db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(
      and(
        ownSessions(memberId),
        // Past its lifetime by the index; idleness is the policy's to judge.
        gt(sessions.expiresAt, now),
        sessionId ? eq(sessions.id, sessionId) : undefined,
      ),
    );
  return rows.filter((row) => judgeSession(row, now) !== 'expired');
}

/**
 * The member's live sessions, latest activity first. `currentSessionId` is the one asking: it
 * is marked, and its last activity is this request (the stored time is refreshed once a minute).
 */
export async function listLiveSessions(
  db: Executor,
  memberId: string,
  now: Date,
  currentSessionId: string | null,
): Promise<MemberSessionView[]> {
  const rows = await liveRows(db, memberId, now);
  return rows
    .map((row) => {
      const current = row.id === currentSessionId;
      return {
        row,
        view: {
          id: row.id,
          ...describeSessionDevice(row.userAgent),
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: (current ? now : row.lastSeenAt).toISOString(),
          current,
        },
      };
    })
    .sort(
      (a, b) =>
        b.view.lastActiveAt.localeCompare(a.view.lastActiveAt) ||
        b.row.createdAt.getTime() - a.row.createdAt.getTime() ||
        a.row.id.localeCompare(b.row.id),
    )
    .map(({ view }) => view);
}

/**
 * Ends one live session of the member. False, changing nothing, for another member's session,
 * an operator's view, one already ended (revoked, idle or too old) or an id nobody has: the
 * caller answers all of them with one 404.
 */
export async function endMemberSession(
  db: Executor,
  memberId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const [live] = await liveRows(db, memberId, now, sessionId);
  if (!live) return false;
  // Of two requests ending it at once, one revokes it; the other is told it had ended.
  return revokeSession(db, live.id, now);
}

/** Ends every live session of the member but `keep` (none for the console); the ids ended. */
export async function endOtherSessions(
  db: Executor,
  memberId: string,
  keep: string | null,
  now: Date,
): Promise<string[]> {
  const others = (await liveRows(db, memberId, now)).filter((row) => row.id !== keep);
  if (others.length === 0) return [];
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        ownSessions(memberId),
        inArray(
          sessions.id,
          others.map((row) => row.id),
        ),
      ),
    )
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}
