import { eq } from 'drizzle-orm';
import { MEMBER_NOT_FOUND, SESSION_NOT_FOUND, type OperatorRole } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordAudit } from '../../core/audit.ts';
import { utcMinute } from '../../core/member-mails.ts';
import { notifySecurity } from '../../core/security-notices.ts';
import { endMemberSession, endOtherSessions } from '../../core/sessions/live-sessions.ts';
import type { OperatorActor } from './member-status.ts';

/**
 * An operator ends one of a member's sessions (`sessionId`) or all of them (decision 0043). The
 * revocation, its audit row and the member's security notification commit together: the member,
 * signing in again, reads in the app why they were signed out. No mail: nobody else gained
 * anything, and the member meets the sign-in screen at once. Ending none of them (all had already
 * ended) is still an operator action and is audited, but tells the member nothing.
 */
export async function endSessionsAsOperator(
  db: Db,
  input: {
    memberId: string;
    sessionId: string | null;
    actor: OperatorActor & { role: OperatorRole };
  },
  now: Date,
): Promise<string[]> {
  const { memberId, sessionId, actor } = input;
  return withTransaction(db, async (tx) => {
    const [member] = await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(members.id, memberId));
    if (!member) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
    let ended: string[];
    if (sessionId) {
      if (!(await endMemberSession(tx, memberId, sessionId, now)))
        throw new AppError('NOT_FOUND', SESSION_NOT_FOUND);
      ended = [sessionId];
    } else {
      ended = await endOtherSessions(tx, memberId, null, now);
    }
    await recordAudit(tx, {
      operatorId: actor.operatorId,
      action: sessionId ? 'member.end_session' : 'member.end_sessions',
      targetType: 'member',
      targetId: memberId,
      detail: sessionId ? { sessionId } : { ended: ended.length },
      ip: actor.ip,
      now,
    });
    if (ended.length > 0) {
      const what = ended.length === 1 ? 'one of your sessions' : `${ended.length} of your sessions`;
      await notifySecurity(
        tx,
        memberId,
        `An operator (${actor.role}) signed out ${what} on ${utcMinute(now)} UTC.`,
        now,
      );
    }
    return ended;
  });
}
