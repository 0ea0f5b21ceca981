import { eq } from 'drizzle-orm';
import {
  CURRENT_PASSWORD_WRONG,
  OPERATOR_SECOND_FACTOR_RESET_SELF,
  SECOND_FACTOR_ALREADY_ON,
  SECOND_FACTOR_CODE_WRONG,
  SECOND_FACTOR_NOT_SET_UP,
  SECOND_FACTOR_OFF,
  type OperatorSecondFactorStatus,
  type TotpSetupData,
} from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { operators } from '../../db/schema/operators.ts';
import { withTransaction } from '../../ledger/index.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { SealingKeys } from '../../lib/sealed-secrets.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { recordAudit, recordOperatorAction } from '../../core/audit.ts';
import { countedCheck, type CountedCheck } from '../../core/counted-check.ts';
import { queueMail } from '../../core/mail-outbox/queue-mail.ts';
import { acceptSecondFactorCode } from '../../core/second-factor/check-code.ts';
import { startTotpEnrolment } from '../../core/second-factor/enrolment.ts';
import { OPERATOR_FACTOR } from '../../core/second-factor/owners.ts';
import {
  recoveryCodesLeft,
  removeRecoveryCodes,
  replaceRecoveryCodes,
} from '../../core/second-factor/recovery-codes.ts';
import { markSessionProved } from '../../core/second-factor/session-factor.ts';
import {
  acceptTotpCode,
  confirmTotpRecord,
  findTotp,
  hasConfirmedTotp,
  removeTotp,
  requireSealingKeys,
} from '../../core/second-factor/totp.ts';
import {
  revokeOperatorSessions,
  type SessionOperator,
} from '../../core/sessions/operator-sessions.ts';
import { sessionExpired } from '../../core/sessions/session-policy.ts';
import { lockOperator, type Actor } from './staff-actor.ts';

// The operator's own authenticator app and recovery codes (decision 0049): the member's factor
// (decision 0045) on the operators' tables, through the same core functions. Enrolment, new
// recovery codes and step-up are the operator's; turning it off is an admin's reset only, since
// production requires it. Each change is audited.

export type OperatorFactorContext = {
  keys: SealingKeys | null;
  /** The name the authenticator app lists the account under. */
  issuer: string;
  /** Operators must have one (production): without it the console opens only the enrolment. */
  required: boolean;
};

/** Wrong passwords or codes per operator in the throttle's window, on these screens. */
const WRONG_TRIES = 5;

const codeCheck = (operatorId: string): CountedCheck => ({
  key: `operator-second-factor-code:${operatorId}`,
  limit: WRONG_TRIES,
  tooMany: 'Too many wrong codes',
  refusal: () => fieldError('code', SECOND_FACTOR_CODE_WRONG),
});

export async function operatorSecondFactorStatus(
  db: Db,
  operatorId: string,
  required: boolean,
): Promise<OperatorSecondFactorStatus> {
  const record = await findTotp(db, operatorId, OPERATOR_FACTOR);
  const isOn = Boolean(record?.confirmedAt);
  return {
    totp: isOn,
    recoveryCodesLeft: isOn ? await recoveryCodesLeft(db, operatorId, OPERATOR_FACTOR) : 0,
    enabledAt: record?.confirmedAt?.toISOString() ?? null,
    required,
  };
}

/**
 * Starts an enrolment (the password again, so a stolen session cannot put its own factor on the
 * account): a new seed, replacing one never confirmed, shown once. 409 when the factor is on.
 */
export async function setUpOperatorTotp(
  db: Db,
  input: { operator: SessionOperator; password: string },
  context: OperatorFactorContext,
  now: Date,
): Promise<TotpSetupData> {
  const keys = requireSealingKeys(context.keys);
  const { operatorId, email } = input.operator;
  const [row] = await db
    .select({ passwordHash: operators.passwordHash })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!row) throw sessionExpired();
  await countedCheck(
    db,
    {
      key: `operator-current-password:${operatorId}`,
      limit: WRONG_TRIES,
      tooMany: 'Too many wrong passwords',
      refusal: () => fieldError('password', CURRENT_PASSWORD_WRONG),
    },
    () => verifyPassword(row.passwordHash, input.password),
    now,
  );
  if (await hasConfirmedTotp(db, operatorId, OPERATOR_FACTOR))
    throw new AppError('CONFLICT', SECOND_FACTOR_ALREADY_ON);
  const owner = { id: operatorId, label: email, issuer: `${context.issuer} console` };
  return startTotpEnrolment(db, owner, keys, now, OPERATOR_FACTOR);
}

/**
 * Turns the factor on with a first code from the app; answers 10 recovery codes, shown once. The
 * session has just proved the factor, so it counts as fresh for step-up.
 */
export async function confirmOperatorTotp(
  db: Db,
  input: { operator: SessionOperator; code: string; ip: string },
  context: OperatorFactorContext,
  now: Date,
): Promise<string[]> {
  const keys = requireSealingKeys(context.keys);
  const { operatorId, sessionId } = input.operator;
  const record = await findTotp(db, operatorId, OPERATOR_FACTOR);
  if (!record) throw new AppError('CONFLICT', SECOND_FACTOR_NOT_SET_UP);
  if (record.confirmedAt) throw new AppError('CONFLICT', SECOND_FACTOR_ALREADY_ON);
  await countedCheck(
    db,
    codeCheck(operatorId),
    () => acceptTotpCode(db, record, keys, input.code, now, OPERATOR_FACTOR),
    now,
  );
  return withTransaction(db, async (tx) => {
    await confirmTotpRecord(tx, operatorId, now, OPERATOR_FACTOR);
    const codes = await replaceRecoveryCodes(tx, operatorId, now, OPERATOR_FACTOR);
    await markSessionProved(tx, OPERATOR_FACTOR, { ownerId: operatorId, sessionId }, now);
    await auditOwnChange(tx, input.operator, 'operator.second_factor_on', input.ip, now);
    return codes;
  });
}

/** With the factor on, a current code of the operator's (the app's or a recovery code), counted. */
async function requireCurrentCode(
  db: Db,
  operatorId: string,
  code: string,
  context: OperatorFactorContext,
  now: Date,
): Promise<void> {
  if (!(await hasConfirmedTotp(db, operatorId, OPERATOR_FACTOR)))
    throw new AppError('CONFLICT', SECOND_FACTOR_OFF);
  await countedCheck(
    db,
    codeCheck(operatorId),
    () => acceptSecondFactorCode(db, operatorId, code, context.keys, now, OPERATOR_FACTOR),
    now,
  );
}

/** New recovery codes for a current code; the earlier ones stop working. */
export async function regenerateOperatorRecoveryCodes(
  db: Db,
  input: { operator: SessionOperator; code: string; ip: string },
  context: OperatorFactorContext,
  now: Date,
): Promise<string[]> {
  const { operatorId } = input.operator;
  await requireCurrentCode(db, operatorId, input.code, context, now);
  return withTransaction(db, async (tx) => {
    const codes = await replaceRecoveryCodes(tx, operatorId, now, OPERATOR_FACTOR);
    await auditOwnChange(tx, input.operator, 'operator.recovery_codes_replaced', input.ip, now);
    return codes;
  });
}

/** Step-up: a code proves the factor for this session (decision 0049); answers until when. */
export async function operatorStepUp(
  db: Db,
  input: { operator: SessionOperator; code: string },
  context: OperatorFactorContext,
  now: Date,
): Promise<Date> {
  const { operatorId, sessionId } = input.operator;
  await requireCurrentCode(db, operatorId, input.code, context, now);
  return markSessionProved(db, OPERATOR_FACTOR, { ownerId: operatorId, sessionId }, now);
}

function auditOwnChange(
  tx: Executor,
  operator: SessionOperator,
  action: string,
  ip: string,
  now: Date,
): Promise<void> {
  return recordAudit(tx, {
    operatorId: operator.operatorId,
    action,
    targetType: 'operator',
    targetId: operator.operatorId,
    ip,
    now,
  });
}

/**
 * An admin turns another operator's factor off (they lost the phone and the recovery codes): the
 * reason audited, the operator's sessions ended (a lost phone may be a signed-in one) and the
 * operator told by email. Where the factor is required, their next sign-in goes straight to a
 * new enrolment. 409 when it is off, and for the admin's own factor.
 */
export async function resetOperatorSecondFactor(
  db: Db,
  input: { operatorId: string; reason: string },
  actor: Actor,
  now: Date,
): Promise<{ mailId: string }> {
  if (input.operatorId === actor.operator.operatorId)
    throw new AppError('CONFLICT', OPERATOR_SECOND_FACTOR_RESET_SELF);
  return withTransaction(db, async (tx) => {
    const target = await lockOperator(tx, input.operatorId);
    if (!(await hasConfirmedTotp(tx, target.id, OPERATOR_FACTOR)))
      throw new AppError('CONFLICT', SECOND_FACTOR_OFF);
    await removeTotp(tx, target.id, OPERATOR_FACTOR);
    await removeRecoveryCodes(tx, target.id, OPERATOR_FACTOR);
    await revokeOperatorSessions(tx, target.id, now);
    const { operatorId, role } = actor.operator;
    await recordOperatorAction(
      tx,
      { operatorId, role, ip: actor.ip },
      {
        action: 'operator.reset_second_factor',
        targetType: 'operator',
        targetId: target.id,
        detail: { email: target.email, reason: input.reason },
      },
      now,
    );
    const mailId = await queueMail(
      tx,
      {
        kind: 'operator-second-factor-reset',
        to: target.email,
        subject: 'Your console two-factor authentication was reset',
        text: `An administrator (${actor.operator.email}) turned off two-factor authentication on your operator account and signed you out everywhere.\nSign in again and set up your authenticator app from the console's Security page.\nIf you did not ask for this, tell another administrator at once.`,
      },
      now,
    );
    return { mailId };
  });
}
