import { eq } from 'drizzle-orm';
import {
  ACCOUNT_IS_CLOSED,
  MEMBER_BLOCKED_NO_VIEW,
  MEMBER_NOT_FOUND,
  type OperatorRole,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordAudit } from '../../core/audit.ts';
import { notifySecurity } from '../../core/security-notices.ts';
import { queueSecurityNotice, utcMinute } from '../../core/member-mails.ts';
import { createImpersonationSession } from '../../core/sessions/member-sessions.ts';
import type { OperatorActor } from './member-status.ts';

/**
 * Opens a read-only session as the member for an operator (decision 0026): the session, the
 * audit row, the member's security notification and its mail commit together, so no operator
 * sees an account without the member being told. A blocked member is refused: their account is closed to
 * everyone until unblocked.
 */
export async function impersonateMember(
  db: Db,
  input: { memberId: string; actor: OperatorActor & { role: OperatorRole }; userAgent?: string },
  now: Date,
): Promise<{ token: string; expiresAt: Date; mailId: string }> {
  const { memberId, actor } = input;
  return withTransaction(db, async (tx) => {
    const [member] = await tx
      .select({ status: members.status, email: members.email })
      .from(members)
      .where(eq(members.id, memberId))
      .for('update');
    if (!member) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
    if (member.status === 'closed') throw new AppError('CONFLICT', ACCOUNT_IS_CLOSED);
    if (member.status !== 'active') throw new AppError('CONFLICT', MEMBER_BLOCKED_NO_VIEW);
    const session = await createImpersonationSession(tx, {
      memberId,
      operatorId: actor.operatorId,
      now,
      ip: actor.ip,
      userAgent: input.userAgent,
    });
    await recordAudit(tx, {
      operatorId: actor.operatorId,
      action: 'member.impersonate',
      targetType: 'member',
      targetId: memberId,
      detail: { expiresAt: session.expiresAt.toISOString() },
      ip: actor.ip,
      now,
    });
    await notifySecurity(
      tx,
      memberId,
      `An operator (${actor.role}) viewed your account on ${utcMinute(now)} UTC (read-only).`,
      now,
    );
    const notice = { kind: 'operator-view', at: now, role: actor.role } as const;
    return { ...session, mailId: await queueSecurityNotice(tx, member.email, notice, now) };
  });
}
