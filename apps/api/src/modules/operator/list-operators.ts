import { desc, eq, max, sql } from 'drizzle-orm';
import type { StaffOperatorView } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { auditLog, operators, operatorTotp } from '../../db/schema/operators.ts';

/**
 * GET operator/operators: every operator, newest first, with their last sign-in and whether
 * their authenticator is on.
 */
export async function listOperators(db: Db): Promise<StaffOperatorView[]> {
  const lastSignIn = db
    .select({ operatorId: auditLog.operatorId, at: max(auditLog.createdAt).as('at') })
    .from(auditLog)
    .where(eq(auditLog.action, 'auth.login'))
    .groupBy(auditLog.operatorId)
    .as('last_sign_in');
  const rows = await db
    .select({
      id: operators.id,
      email: operators.email,
      role: operators.role,
      status: operators.status,
      createdAt: operators.createdAt,
      lastSignInAt: lastSignIn.at,
      secondFactor: sql<boolean>`${operatorTotp.confirmedAt} is not null`,
    })
    .from(operators)
    .leftJoin(lastSignIn, eq(lastSignIn.operatorId, operators.id))
    .leftJoin(operatorTotp, eq(operatorTotp.operatorId, operators.id))
    .orderBy(desc(operators.createdAt));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  }));
}
