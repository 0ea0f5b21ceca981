import {
  SECOND_FACTOR_ALREADY_ON,
  SECOND_FACTOR_CODE_WRONG,
  SECOND_FACTOR_NOT_SET_UP,
  type TotpSetupData,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members, memberTotp } from '../../db/schema/members.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { SealingKeys } from '../../lib/sealed-secrets.ts';
import { withTransaction } from '../../ledger/index.ts';
import { countedCheck } from '../../core/counted-check.ts';
import { startTotpEnrolment } from '../../core/second-factor/enrolment.ts';
import { startWithdrawalHold } from '../../core/withdrawal-hold.ts';
import { acceptSecondFactorCode } from '../../core/second-factor/check-code.ts';
import { requireOn, tellMember } from '../../core/second-factor/state.ts';
import { countPasskeys } from '../../core/second-factor/passkeys.ts';
import {
  markSecondFactorProved,
  requireFreshSecondFactor,
} from '../../core/second-factor/step-up.ts';
import {
  removeRecoveryCodes,
  replaceRecoveryCodes,
} from '../../core/second-factor/recovery-codes.ts';
import {
  acceptTotpCode,
  findTotp,
  removeTotp,
  requireSealingKeys,
} from '../../core/second-factor/totp.ts';
import { verifyCurrentPassword } from './change-password.ts';

// Turning the authenticator app on and off, and the recovery codes (decision 0045). Every change
// is told to the member in the app and by email, in the change's transaction.

/** Wrong codes per member in the throttle's window, on these screens (sign-in has its own). */
const WRONG_CODES = 5;

export type SecondFactorContext = { keys: SealingKeys | null; issuer: string };

/** Starts an enrolment: a new seed (replacing one never confirmed), shown to the member once. */
export async function setUpTotp(
  db: Db,
  input: { memberId: string; password: string },
  context: SecondFactorContext,
  now: Date,
): Promise<TotpSetupData> {
  const keys = requireSealingKeys(context.keys);
  await verifyCurrentPassword(db, input.memberId, input.password, now, 'password');
  const existing = await findTotp(db, input.memberId);
  if (existing?.confirmedAt) throw new AppError('CONFLICT', SECOND_FACTOR_ALREADY_ON);
  const [member] = await db
    .select({ email: members.email })
    .from(members)
    .where(eq(members.id, input.memberId));
  const owner = { id: input.memberId, label: member?.email ?? 'member', issuer: context.issuer };
  return startTotpEnrolment(db, owner, keys, now);
}

/**
 * A code (or a passkey's answer) counted per member on these screens: 422 on `code` when wrong
 * (or the refusal given), 429 past the limit.
 */
export async function checkCode(
  db: Db,
  memberId: string,
  accepted: () => Promise<boolean>,
  now: Date,
  refusal: () => Error = () => fieldError('code', SECOND_FACTOR_CODE_WRONG),
): Promise<void> {
  const check = {
    key: `second-factor-code:${memberId}`,
    limit: WRONG_CODES,
    tooMany: 'Too many wrong codes',
    refusal,
  };
  await countedCheck(db, check, accepted, now);
}

/** With the factor on, a current code of the member's (the app's or a recovery code), counted. */
async function requireCurrentCode(
  db: Db,
  input: { memberId: string; code: string },
  context: SecondFactorContext,
  now: Date,
): Promise<void> {
  await requireOn(db, input.memberId);
  await checkCode(
    db,
    input.memberId,
    () => acceptSecondFactorCode(db, input.memberId, input.code, context.keys, now),
    now,
  );
}

/** Turns the factor on with a first code from the app; answers the recovery codes (shown once). */
export async function confirmTotp(
  db: Db,
  input: { memberId: string; code: string },
  context: SecondFactorContext,
  now: Date,
): Promise<{ recoveryCodes: string[]; mailId: string }> {
  const keys = requireSealingKeys(context.keys);
  const record = await findTotp(db, input.memberId);
  if (!record) throw new AppError('CONFLICT', SECOND_FACTOR_NOT_SET_UP);
  if (record.confirmedAt) throw new AppError('CONFLICT', SECOND_FACTOR_ALREADY_ON);
  await checkCode(db, input.memberId, () => acceptTotpCode(db, record, keys, input.code, now), now);
  return withTransaction(db, async (tx) => {
    await tx
      .update(memberTotp)
      .set({ confirmedAt: now })
      .where(eq(memberTotp.memberId, input.memberId));
    const recoveryCodes = await replaceRecoveryCodes(tx, input.memberId, now);
    const mailId = await tellMember(
      tx,
      input.memberId,
      { kind: 'second-factor-on' },
      'Two-factor authentication is on: signing in now needs a code from your authenticator app.',
      now,
    );
    return { recoveryCodes, mailId };
  });
}

/** Turns the factor off: the password and a current code (or a recovery code). */
export async function disableTotp(
  db: Db,
  input: { memberId: string; password: string; code: string },
  context: SecondFactorContext,
  now: Date,
): Promise<{ mailId: string }> {
  await verifyCurrentPassword(db, input.memberId, input.password, now, 'password');
  await requireCurrentCode(db, input, context, now);
  return withTransaction(db, async (tx) => {
    await removeTotp(tx, input.memberId);
    // Recovery codes stand in for any factor: they stay while a passkey does.
    if ((await countPasskeys(tx, input.memberId)) === 0)
      await removeRecoveryCodes(tx, input.memberId);
    const mailId = await tellMember(
      tx,
      input.memberId,
      { kind: 'second-factor-off' },
      'Two-factor authentication was turned off: signing in needs only the password again.',
      now,
      await startWithdrawalHold(tx, input.memberId, now),
    );
    return { mailId };
  });
}

/**
 * New recovery codes for a current code, or, without one, for a factor this session proved in
 * the last minutes (a passkey through step-up); the earlier ones stop working.
 */
export async function regenerateRecoveryCodes(
  db: Db,
  input: { memberId: string; sessionId: string; code: string | undefined },
  context: SecondFactorContext,
  now: Date,
): Promise<{ recoveryCodes: string[]; mailId: string }> {
  const { code } = input;
  if (code === undefined) {
    await requireOn(db, input.memberId);
    await requireFreshSecondFactor(db, input, now);
  } else await requireCurrentCode(db, { memberId: input.memberId, code }, context, now);
  return withTransaction(db, async (tx) => {
    const recoveryCodes = await replaceRecoveryCodes(tx, input.memberId, now);
    const mailId = await tellMember(
      tx,
      input.memberId,
      { kind: 'recovery-codes-replaced' },
      'New recovery codes were made for your account; the earlier ones no longer work.',
      now,
    );
    return { recoveryCodes, mailId };
  });
}

/** Step-up: a code proves the factor for this session (decision 0047); answers until when. */
export async function stepUp(
  db: Db,
  input: { memberId: string; sessionId: string; code: string },
  context: SecondFactorContext,
  now: Date,
): Promise<Date> {
  await requireCurrentCode(db, input, context, now);
  return markSecondFactorProved(db, input, now);
}
