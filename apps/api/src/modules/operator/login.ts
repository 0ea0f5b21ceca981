import { eq } from 'drizzle-orm';
import {
  OPERATOR_INVALID_CREDENTIALS,
  OPERATOR_SECOND_FACTOR_METHODS,
  OPERATOR_SIGN_IN_EXPIRED,
  SECOND_FACTOR_CODE_WRONG,
  type OperatorLoginData,
  type SecondFactorMethod,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { operators } from '../../db/schema/operators.ts';
import { withTransaction } from '../../ledger/index.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { SealingKeys } from '../../lib/sealed-secrets.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import {
  clearFailures,
  findExceeded,
  recordFailure,
  throttled,
  type ThrottleRule,
} from '../../core/login-throttle.ts';
import { recordAudit } from '../../core/audit.ts';
import {
  countChallengeMiss,
  endChallenge,
  findLiveOwnerChallenge,
  openChallenge,
} from '../../core/second-factor/challenges.ts';
import { acceptSecondFactorCode, methodOfCode } from '../../core/second-factor/check-code.ts';
import { OPERATOR_FACTOR } from '../../core/second-factor/owners.ts';
import {
  hasConfirmedTotp,
  requireSealingKeys,
  secondFactorRequired,
} from '../../core/second-factor/totp.ts';
import {
  createOperatorSession,
  revokeOperatorSession,
  type SessionOperator,
} from '../../core/sessions/operator-sessions.ts';

/** Wrong passwords and second-factor codes allowed per (email, address) in a window, as for members. */
const FAILURES_PER_ACCOUNT_AND_IP = 5;

export type OperatorLoginInput = {
  email: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
};

/**
 * The sign-in's two limits, under their own keys (`operator-login:`), apart from members'; a
 * sign-in that succeeds clears the first (the account from this address).
 */
function signInRules(email: string, ip: string, failuresPerIp: number) {
  const accountKey = `operator-login:account-ip:${email}:${ip}`;
  const rules: ThrottleRule[] = [
    { key: accountKey, limit: FAILURES_PER_ACCOUNT_AND_IP },
    { key: `operator-login:ip:${ip}`, limit: failuresPerIp },
  ];
  return { accountKey, rules };
}

async function refuseWhenThrottled(db: Db, rules: ThrottleRule[], now: Date): Promise<void> {
  const exceeded = await findExceeded(db, rules, now);
  if (exceeded) throw throttled('Too many failed sign-in attempts', exceeded.retryAfterMs);
}

/**
 * Signs an operator in. An unknown email, a wrong password and a disabled operator get the
 * same answer; failures are throttled under their own keys (`operator-login:`), apart from
 * the member sign-in's. An operator whose authenticator is on gets 401 SECOND_FACTOR_REQUIRED
 * with a challenge for the second step instead of a session (decision 0049).
 */
export async function operatorLogin(
  db: Db,
  input: OperatorLoginInput,
  now: Date,
  failuresPerIp: number,
  secondFactorKeys: SealingKeys | null,
): Promise<OperatorLoginData> {
  const { accountKey, rules } = signInRules(input.email, input.ip, failuresPerIp);
  await refuseWhenThrottled(db, rules, now);

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
  if (await hasConfirmedTotp(db, operator.id, OPERATOR_FACTOR)) {
    // Not signed in yet: the tries are cleared only by the second step, so codes are guessed no
    // faster than passwords.
    requireSealingKeys(secondFactorKeys);
    const challenge = await openChallenge(db, operator.id, now, OPERATOR_FACTOR);
    throw secondFactorRequired({
      challenge: challenge.token,
      methods: OPERATOR_SECOND_FACTOR_METHODS,
      expiresAt: challenge.expiresAt.toISOString(),
    });
  }
  await clearFailures(db, accountKey);
  return openOperatorSession(db, operator, input, now, 'password');
}

export type OperatorSecondStepInput = {
  challenge: string;
  /** Normalised by the contracts: 6 digits, or a recovery code without its hyphen. */
  code: string;
  ip: string;
  userAgent: string | undefined;
};

/**
 * The sign-in's second step: the challenge of the password step and a code from the
 * authenticator app or a recovery code. A wrong code counts against the sign-in's limits, like a
 * wrong password, and a challenge takes 5 at most; an ended or unknown challenge, or an operator
 * disabled meanwhile, is told to start again.
 */
export async function completeOperatorSecondFactor(
  db: Db,
  input: OperatorSecondStepInput,
  now: Date,
  failuresPerIp: number,
  secondFactorKeys: SealingKeys | null,
): Promise<OperatorLoginData> {
  const challenge = await findLiveOwnerChallenge(db, input.challenge, now, OPERATOR_FACTOR);
  const [operator] = challenge
    ? await db.select().from(operators).where(eq(operators.id, challenge.ownerId))
    : [];
  if (!challenge || !operator || operator.status !== 'active')
    throw new AppError('UNAUTHORIZED', OPERATOR_SIGN_IN_EXPIRED);
  const { accountKey, rules } = signInRules(operator.email, input.ip, failuresPerIp);
  await refuseWhenThrottled(db, rules, now);
  const accepted = await acceptSecondFactorCode(
    db,
    operator.id,
    input.code,
    secondFactorKeys,
    now,
    OPERATOR_FACTOR,
  );
  if (!accepted) {
    await recordFailure(
      db,
      rules.map((rule) => rule.key),
      now,
    );
    await countChallengeMiss(db, challenge.id, now, OPERATOR_FACTOR);
    throw fieldError('code', SECOND_FACTOR_CODE_WRONG);
  }
  // Two requests with the same right code: the one that ends the challenge signs in.
  if (!(await endChallenge(db, challenge.id, now, OPERATOR_FACTOR)))
    throw new AppError('UNAUTHORIZED', OPERATOR_SIGN_IN_EXPIRED);
  await clearFailures(db, accountKey);
  return openOperatorSession(db, operator, input, now, methodOfCode(input.code));
}

/** The session and its audited sign-in, together; a second factor makes it fresh for step-up. */
async function openOperatorSession(
  db: Db,
  operator: typeof operators.$inferSelect,
  input: { ip: string; userAgent: string | undefined },
  now: Date,
  method: 'password' | SecondFactorMethod,
): Promise<OperatorLoginData> {
  const accessToken = await withTransaction(db, async (tx) => {
    const token = await createOperatorSession(tx, {
      operatorId: operator.id,
      now,
      ip: input.ip,
      userAgent: input.userAgent,
      provedSecondFactor: method !== 'password',
    });
    await recordAudit(tx, {
      operatorId: operator.id,
      action: 'auth.login',
      targetType: 'operator',
      targetId: operator.id,
      detail: { userAgent: input.userAgent?.slice(0, 300) ?? null, method },
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
