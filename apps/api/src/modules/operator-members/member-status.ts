import { and, eq, ne } from 'drizzle-orm';
import {
  ACCOUNT_IS_CLOSED,
  MEMBER_ALREADY_BLOCKED,
  MEMBER_NOT_BLOCKED,
  MEMBER_NOT_FOUND,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordAudit } from '../../core/audit.ts';
import { revokeMemberSessions } from '../../core/sessions/member-sessions.ts';

/** The operator acting, for the audit row. */
export type OperatorActor = { operatorId: string; ip: string };

/** What an operator sets: a closed account (decision 0060) is neither blocked nor unblocked. */
type SettableStatus = 'active' | 'blocked';

const alreadyThere: Record<SettableStatus, string> = {
  blocked: MEMBER_ALREADY_BLOCKED,
  active: MEMBER_NOT_BLOCKED,
};

/**
 * Blocks or unblocks a member. The status changes only from the other one, so of two operators
 * acting at once one wins and the other gets 409. Blocking ends every session of the member in
 * the same transaction: their very next request is a 401, and sign-in refuses them. Blocked
 * members are told nothing in the app (they can no longer open it); the audit row keeps the reason.
 */
export async function setMemberStatus(
  db: Db,
  input: { memberId: string; status: SettableStatus; reason: string; actor: OperatorActor },
  now: Date,
): Promise<void> {
  const { memberId, status, reason, actor } = input;
  await withTransaction(db, async (tx) => {
    const changed = await tx
      .update(members)
      .set({ status })
      .where(
        and(eq(members.id, memberId), ne(members.status, status), ne(members.status, 'closed')),
      )
      .returning({ id: members.id });
    if (changed.length === 0) {
      const [exists] = await tx
        .select({ status: members.status })
        .from(members)
        .where(eq(members.id, memberId));
      if (!exists) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
      throw new AppError(
        'CONFLICT',
        exists.status === 'closed' ? ACCOUNT_IS_CLOSED : alreadyThere[status],
      );
    }
    if (status === 'blocked') await revokeMemberSessions(tx, memberId, now);
    await recordAudit(tx, {
      operatorId: actor.operatorId,
      action: status === 'blocked' ? 'member.block' : 'member.unblock',
      targetType: 'member',
      targetId: memberId,
      detail: { reason },
      ip: actor.ip,
      now,
    });
  });
}
