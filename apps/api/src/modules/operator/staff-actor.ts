import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { operators } from '../../db/schema/operators.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionOperator } from '../../core/sessions/operator-sessions.ts';

// Admins manage the people who run the platform: invite by email (the invited operator sets
// their own password through a one-time link), change a role, disable and enable. Nobody is
// deleted: the audit log keeps pointing at every operator who ever acted. One use case per file
// (list-operators, invite-operator, resend-invitation, update-operator, accept-invitation);
// what they share is here and in issue-invitation.ts.

/** Who acted and from where, for the audit row. */
export type Actor = { operator: SessionOperator; ip: string };

export const operatorNotFound = () => new AppError('NOT_FOUND', 'Operator not found');

/** The operator's row, locked until the transaction ends, so two admins' changes queue; or 404. */
export async function lockOperator(tx: Executor, operatorId: string) {
  const [operator] = await tx
    .select()
    .from(operators)
    .where(eq(operators.id, operatorId))
    .for('update');
  if (!operator) throw operatorNotFound();
  return operator;
}
