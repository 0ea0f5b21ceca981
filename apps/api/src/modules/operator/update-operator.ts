import { eq } from 'drizzle-orm';
import { OPERATOR_SELF_CHANGE, type OperatorRole } from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { operatorInvitations } from '../../db/schema/console.ts';
import { operators } from '../../db/schema/operators.ts';
import { withTransaction } from '../../ledger/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import { revokeOperatorSessions } from '../../core/sessions/operator-sessions.ts';
import { lockOperator, type Actor } from './staff-actor.ts';

/** Invited at some point and never accepted (operators made from configuration have no invitation). */
async function neverAccepted(tx: Executor, operatorId: string): Promise<boolean> {
  const rows = await tx
    .select({ acceptedAt: operatorInvitations.acceptedAt })
    .from(operatorInvitations)
    .where(eq(operatorInvitations.operatorId, operatorId));
  return rows.length > 0 && rows.every((row) => row.acceptedAt === null);
}

/**
 * Changes a role or enables/disables an operator. An admin cannot change themselves (no one
 * locks the platform out by accident, and nobody promotes or demotes their own account).
 * Disabling ends the operator's sessions at once; an invited operator stays invited until
 * they accept, whatever the status asked.
 */
export async function updateOperator(
  db: Db,
  operatorId: string,
  change: { role?: OperatorRole; status?: 'active' | 'disabled' },
  actor: Actor,
  now: Date,
): Promise<void> {
  if (operatorId === actor.operator.operatorId)
    throw new AppError('CONFLICT', OPERATOR_SELF_CHANGE);
  await withTransaction(db, async (tx) => {
    const operator = await lockOperator(tx, operatorId);
    // Disabling an invited operator withdraws the invitation (accepting needs `invited`);
    // enabling one who never accepted makes them invited again, so a resent link can reach
    // them; otherwise an invited operator stays invited until they accept.
    let status = change.status ?? operator.status;
    if (operator.status === 'invited' && status === 'active') status = 'invited';
    if (status === 'active' && operator.status === 'disabled') {
      if (await neverAccepted(tx, operatorId)) status = 'invited';
    }
    const role = change.role ?? operator.role;
    await tx.update(operators).set({ role, status }).where(eq(operators.id, operatorId));
    if (status === 'disabled') await revokeOperatorSessions(tx, operatorId, now);
    await recordAudit(tx, {
      operatorId: actor.operator.operatorId,
      action: 'operator.update',
      targetType: 'operator',
      targetId: operatorId,
      detail: {
        email: operator.email,
        from: { role: operator.role, status: operator.status },
        to: { role, status },
      },
      ip: actor.ip,
      now,
    });
  });
}
