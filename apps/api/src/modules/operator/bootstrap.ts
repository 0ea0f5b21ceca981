import { and, eq, inArray, or } from 'drizzle-orm';
import type { OperatorRole } from '@app/contracts';
import {
  DEMO_FINANCE_EMAILS,
  DEMO_OPERATOR_EMAIL,
  DEMO_OPERATOR_PASSWORD,
} from '../../config/demo-credentials.ts';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { operators } from '../../db/schema/operators.ts';
import { withTransaction } from '../../ledger/index.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../../core/audit.ts';

export { DEMO_FINANCE_EMAILS, DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_PASSWORD };

export type BootstrapResult = {
  email: string;
  role: OperatorRole;
  outcome: 'created' | 'updated' | 'unchanged';
  /** Only the demo default is ever said aloud; a configured password never is. */
  demoPassword: string | undefined;
} | null;

/**
 * Creates or updates the operator named by OPERATOR_EMAIL / OPERATOR_PASSWORD / OPERATOR_ROLE
 * (the first operator of a new installation). In demo mode with neither set, the demo
 * operator; production is never in demo mode (see loadConfig). The password is re-hashed only when it changed, so a restart costs one check.
 * Changes are audited with no operator (the configuration did them). A disabled operator
 * stays disabled: a restart must not undo a decision to lock an account out.
 */
export async function bootstrapOperator(
  db: Db,
  config: Pick<AppConfig, 'operator' | 'seedDemo'>,
  now: Date,
): Promise<BootstrapResult> {
  const wanted = config.operator
    ? { ...config.operator, demo: false }
    : config.seedDemo
      ? {
          email: DEMO_OPERATOR_EMAIL,
          password: DEMO_OPERATOR_PASSWORD,
          role: 'admin' as const,
          demo: true,
        }
      : null;
  if (!wanted) return null;

  const [existing] = await db.select().from(operators).where(eq(operators.email, wanted.email));
  const demoPassword = wanted.demo ? wanted.password : undefined;
  if (existing && wanted.demo) {
    // The demo operator is created once; later changes made by hand are kept.
    return { email: existing.email, role: existing.role, outcome: 'unchanged', demoPassword };
  }
  const passwordHash =
    existing && (await verifyPassword(existing.passwordHash, wanted.password))
      ? existing.passwordHash
      : await hashPassword(wanted.password);
  if (existing && passwordHash === existing.passwordHash && existing.role === wanted.role) {
    return { email: existing.email, role: existing.role, outcome: 'unchanged', demoPassword };
  }

  return withTransaction(db, async (tx) => {
    if (existing) {
      await tx
        .update(operators)
        .set({ passwordHash, role: wanted.role })
        .where(eq(operators.id, existing.id));
      await recordAudit(tx, {
        operatorId: null,
        action: 'operator.bootstrap_update',
        targetType: 'operator',
        targetId: existing.id,
        detail: {
          email: wanted.email,
          role: wanted.role,
          passwordChanged: passwordHash !== existing.passwordHash,
        },
        now,
      });
      return { email: wanted.email, role: wanted.role, outcome: 'updated' as const, demoPassword };
    }
    const [created] = await tx
      .insert(operators)
      .values({ email: wanted.email, passwordHash, role: wanted.role, createdAt: now })
      .onConflictDoNothing({ target: operators.email })
      .returning({ id: operators.id });
    // Another instance starting at the same moment created it first.
    if (!created) {
      return {
        email: wanted.email,
        role: wanted.role,
        outcome: 'unchanged' as const,
        demoPassword,
      };
    }
    await recordAudit(tx, {
      operatorId: null,
      action: 'operator.bootstrap_create',
      targetType: 'operator',
      targetId: created.id,
      detail: { email: wanted.email, role: wanted.role, demo: wanted.demo },
      now,
    });
    return { email: wanted.email, role: wanted.role, outcome: 'created' as const, demoPassword };
  });
}

/**
 * In demo mode, the two finance operators of the four-eyes demo, each created once when absent
 * (like the demo admin, later changes made by hand are kept). Returns the emails created.
 */
export async function bootstrapDemoFinanceOperators(
  db: Db,
  config: Pick<AppConfig, 'seedDemo'>,
  now: Date,
): Promise<string[]> {
  if (!config.seedDemo) return [];
  const existing = await db
    .select({ email: operators.email })
    .from(operators)
    .where(inArray(operators.email, [...DEMO_FINANCE_EMAILS]));
  const missing = DEMO_FINANCE_EMAILS.filter(
    (email) => !existing.some((row) => row.email === email),
  );
  if (!missing.length) return [];
  const passwordHash = await hashPassword(DEMO_OPERATOR_PASSWORD);
  return withTransaction(db, async (tx) => {
    const created = await tx
      .insert(operators)
      .values(
        missing.map((email) => ({ email, passwordHash, role: 'finance' as const, createdAt: now })),
      )
      .onConflictDoNothing({ target: operators.email })
      .returning({ id: operators.id, email: operators.email });
    for (const operator of created) {
      await recordAudit(tx, {
        operatorId: null,
        action: 'operator.bootstrap_create',
        targetType: 'operator',
        targetId: operator.id,
        detail: { email: operator.email, role: 'finance', demo: true },
        now,
      });
    }
    return created.map((operator) => operator.email);
  });
}

/**
 * What stops a production start after bootstrapOperator, as a sentence for the operator, or
 * null. An installation nobody can run (no active admin) must be given its first admin from
 * OPERATOR_EMAIL / OPERATOR_PASSWORD; and a demo operator left by an earlier demo start on this
 * database must not keep the password printed in the README.
 */
export async function productionOperatorProblem(db: Db): Promise<string | null> {
  const rows = await db
    .select()
    .from(operators)
    .where(
      and(
        eq(operators.status, 'active'),
        or(
          eq(operators.role, 'admin'),
          inArray(operators.email, [DEMO_OPERATOR_EMAIL, ...DEMO_FINANCE_EMAILS]),
        ),
      ),
    );
  for (const email of [DEMO_OPERATOR_EMAIL, ...DEMO_FINANCE_EMAILS]) {
    const demo = rows.find((row) => row.email === email);
    if (demo && (await verifyPassword(demo.passwordHash, DEMO_OPERATOR_PASSWORD)))
      return `The operator ${email} still has the published demo password: start once with OPERATOR_EMAIL=${email} and a new OPERATOR_PASSWORD (12+ characters) to change it`;
  }
  if (!rows.some((row) => row.role === 'admin'))
    return 'No active admin operator: start once with OPERATOR_EMAIL and OPERATOR_PASSWORD (12+ characters, not a common password) to create the first one';
  return null;
}
