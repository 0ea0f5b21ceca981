import { OPERATOR_EMAIL_TAKEN, type OperatorRole, type StaffOperatorView } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { operators } from '../../db/schema/operators.ts';
import { withTransaction } from '../../ledger/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createToken } from '../../lib/secrets.ts';
import { recordAudit } from '../../core/audit.ts';
import { issueInvitation } from './issue-invitation.ts';
import type { Actor } from './staff-actor.ts';

/**
 * Invites a new operator. Their password hash is of a random secret nobody knows, so the
 * account cannot be signed in to until the invitation is accepted.
 */
export async function inviteOperator(
  db: Db,
  input: { email: string; role: OperatorRole; publicUrl: string },
  actor: Actor,
  now: Date,
): Promise<{ operator: StaffOperatorView; mailId: string }> {
  const unusableHash = await hashPassword(createToken());
  return withTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({
        email: input.email,
        passwordHash: unusableHash,
        role: input.role,
        status: 'invited',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('CONFLICT', OPERATOR_EMAIL_TAKEN);
    const invited = { operatorId: created.id, email: created.email, publicUrl: input.publicUrl };
    const mailId = await issueInvitation(tx, invited, actor, now);
    await recordAudit(tx, {
      operatorId: actor.operator.operatorId,
      action: 'operator.invite',
      targetType: 'operator',
      targetId: created.id,
      detail: { email: created.email, role: created.role },
      ip: actor.ip,
      now,
    });
    return {
      mailId,
      operator: {
        id: created.id,
        email: created.email,
        role: created.role,
        status: created.status,
        createdAt: created.createdAt.toISOString(),
        lastSignInAt: null,
        secondFactor: false,
      },
    };
  });
}
