import { and, eq, gt, isNull } from 'drizzle-orm';
import { OPERATOR_NOT_INVITED } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { operatorInvitations } from '../../db/schema/console.ts';
import { withTransaction } from '../../ledger/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import { issueInvitation } from './issue-invitation.ts';
import { lockOperator, type Actor } from './staff-actor.ts';

/** A new link for an operator who has not accepted yet; earlier links stop working. */
export async function resendInvitation(
  db: Db,
  invited: { operatorId: string; publicUrl: string },
  actor: Actor,
  now: Date,
): Promise<{ mailId: string }> {
  const { operatorId, publicUrl } = invited;
  return withTransaction(db, async (tx) => {
    const operator = await lockOperator(tx, operatorId);
    if (operator.status !== 'invited') throw new AppError('CONFLICT', OPERATOR_NOT_INVITED);
    await tx
      .update(operatorInvitations)
      .set({ expiresAt: now })
      .where(
        and(
          eq(operatorInvitations.operatorId, operatorId),
          isNull(operatorInvitations.acceptedAt),
          gt(operatorInvitations.expiresAt, now),
        ),
      );
    const mailId = await issueInvitation(
      tx,
      { operatorId, email: operator.email, publicUrl },
      actor,
      now,
    );
    await recordAudit(tx, {
      operatorId: actor.operator.operatorId,
      action: 'operator.resend-invite',
      targetType: 'operator',
      targetId: operatorId,
      ip: actor.ip,
      now,
    });
    return { mailId };
  });
}
