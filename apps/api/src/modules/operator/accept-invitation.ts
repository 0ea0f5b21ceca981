import { and, eq, gt, isNull } from 'drizzle-orm';
import { OPERATOR_INVITE_INVALID } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { operatorInvitations } from '../../db/schema/console.ts';
import { operators } from '../../db/schema/operators.ts';
import { withTransaction } from '../../ledger/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sha256 } from '../../lib/secrets.ts';
import { recordAudit } from '../../core/audit.ts';

/**
 * Accepts an invitation: sets the password and activates the operator, once. An unknown,
 * used or expired link gets one answer. The caller then signs the operator in.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; password: string; ip: string },
  now: Date,
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  return withTransaction(db, async (tx) => {
    const [invitation] = await tx
      .select({ id: operatorInvitations.id, operatorId: operatorInvitations.operatorId })
      .from(operatorInvitations)
      .innerJoin(operators, eq(operators.id, operatorInvitations.operatorId))
      .where(
        and(
          eq(operatorInvitations.tokenHash, sha256(input.token)),
          isNull(operatorInvitations.acceptedAt),
          gt(operatorInvitations.expiresAt, now),
          eq(operators.status, 'invited'),
        ),
      )
      .for('update');
    if (!invitation) throw new AppError('VALIDATION', OPERATOR_INVITE_INVALID);
    await tx
      .update(operatorInvitations)
      .set({ acceptedAt: now })
      .where(eq(operatorInvitations.id, invitation.id));
    const [operator] = await tx
      .update(operators)
      .set({ passwordHash, status: 'active' })
      .where(eq(operators.id, invitation.operatorId))
      .returning({ email: operators.email });
    await recordAudit(tx, {
      operatorId: invitation.operatorId,
      action: 'operator.accept-invite',
      targetType: 'operator',
      targetId: invitation.operatorId,
      ip: input.ip,
      now,
    });
    return { email: operator!.email };
  });
}
