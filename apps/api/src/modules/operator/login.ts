import { eq } from 'drizzle-orm';
import { OPERATOR_INVALID_CREDENTIALS, type OperatorLoginData } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { operators } from '../../db/schema/operators.ts';
import { withTransaction } from '../../ledger/index.ts';
import { AppError } from '../../lib/errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import {
  clearFailures,
  findExceeded,
  recordFailure,
  type ThrottleRule,
} from '../../core/login-throttle.ts';
import { recordAudit } from '../../core/audit.ts';
import {
  createOperatorSession,
  revokeOperatorSession,
  type SessionOperator,
} from '../../core/sessions/operator-sessions.ts';

/** Wrong passwords allowed per (email, address) in a window, as for members. */
const FAILURES_PER_ACCOUNT_AND_IP = 5;

export type OperatorLoginInput = {
  email: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
};

/**
 * Signs an operator in. An unknown email, a wrong password and a disabled operator get the
 * same answer; failures are throttled under their own keys (`operator-login:`), apart from
 * the member sign-in's.
 */
export async function operatorLogin(
  db: Db,
  input: OperatorLoginInput,
  now: Date,
  failuresPerIp: number,
): Promise<OperatorLoginData> {
  const accountKey = `operator-login:account-ip:${input.email}:${input.ip}`;
  const rules: ThrottleRule[] = [
    { key: accountKey, limit: FAILURES_PER_ACCOUNT_AND_IP },
    { key: `operator-login:ip:${input.ip}`, limit: failuresPerIp },
  ];
  const exceeded = await findExceeded(db, rules, now);
  if (exceeded) {
    const minutes = Math.max(1, Math.ceil(exceeded.retryAfterMs / 60_000));
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
      { 'retry-after': String(Math.ceil(exceeded.retryAfterMs / 1000)) },
    );
  }

  const [operator] = await db.select().from(operators).where(eq(operators.email, input.email));
  const passwordOk = operator
    ? await verifyPassword(operator.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!operator || !passwordOk || operator.status !== 'active') {
    await recordFailure(
      db,
      rules.map((rule) => rule.key),
      now,
    );
    throw new AppError('INVALID_CREDENTIALS', OPERATOR_INVALID_CREDENTIALS);
  }
  await clearFailures(db, accountKey);
  const accessToken = await withTransaction(db, async (tx) => {
    const token = await createOperatorSession(tx, {
      operatorId: operator.id,
      now,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    await recordAudit(tx, {
      operatorId: operator.id,
      action: 'auth.login',
      targetType: 'operator',
      targetId: operator.id,
      detail: { userAgent: input.userAgent?.slice(0, 300) ?? null },
      ip: input.ip,
      now,
    });
    return token;
  });
  return {
    access_token: accessToken,
    operator: { id: operator.id, email: operator.email, role: operator.role },
  };
}

/** Ends the session and records the sign-out, together. */
export async function operatorLogout(
  db: Db,
  operator: SessionOperator,
  ip: string,
  now: Date,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    await revokeOperatorSession(tx, operator.sessionId, now);
    await recordAudit(tx, {
      operatorId: operator.operatorId,
      action: 'auth.logout',
      targetType: 'operator',
      targetId: operator.operatorId,
      ip,
      now,
    });
  });
}
