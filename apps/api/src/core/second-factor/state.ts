import { eq } from 'drizzle-orm';
import type { SecondFactorStatus } from '@app/contracts';
import { SECOND_FACTOR_OFF } from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordAudit } from '../audit.ts';
import { queueSecurityNotice, type SecurityNotice } from '../member-mails.ts';
import { notifySecurity } from '../security-notices.ts';
import { holdSentence, startWithdrawalHold } from '../withdrawal-hold.ts';
import { recoveryCodesLeft, removeRecoveryCodes } from './recovery-codes.ts';
import { hasSecondFactor } from './factors.ts';
import { countPasskeys, removePasskeys } from './passkeys.ts';
import { findTotp, removeTotp } from './totp.ts';

// What the member's own screens and the console share of the second factor (decision 0045):
// its state, the notice of a change, and an admin's reset.

export async function secondFactorStatus(
  db: Executor,
  memberId: string,
): Promise<SecondFactorStatus> {
  const record = await findTotp(db, memberId);
  const totp = Boolean(record?.confirmedAt);
  const passkeys = await countPasskeys(db, memberId);
  return {
    totp,
    passkeys,
    recoveryCodesLeft: totp || passkeys > 0 ? await recoveryCodesLeft(db, memberId) : 0,
    enabledAt: record?.confirmedAt?.toISOString() ?? null,
  };
}

/** Tells the member of a change in the app and by email, in the change's transaction. */
export async function tellMember(
  tx: Db,
  memberId: string,
  notice: SecurityNotice,
  message: string,
  now: Date,
  heldUntil: Date | null = null,
): Promise<string> {
  await notifySecurity(tx, memberId, `${message}${holdSentence(heldUntil)}`, now);
  const [member] = await tx
    .select({ email: members.email })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw new Error('member vanished');
  return queueSecurityNotice(tx, member.email, notice, now, heldUntil);
}

/**
 * An admin turns a member's second factors off, the authenticator and every passkey (the member
 * lost the phone and the recovery codes): the reason audited, the member told in the app and by email, withdrawals held as after any
 * security change (decision 0045). 409 when it is off.
 */
export async function resetSecondFactor(
  db: Db,
  input: { memberId: string; reason: string; operatorId: string; ip: string },
  now: Date,
): Promise<{ mailId: string }> {
  await requireOn(db, input.memberId);
  return withTransaction(db, async (tx) => {
    await removeTotp(tx, input.memberId);
    await removePasskeys(tx, input.memberId);
    await removeRecoveryCodes(tx, input.memberId);
    await recordAudit(tx, {
      operatorId: input.operatorId,
      action: 'member.reset_second_factor',
      targetType: 'member',
      targetId: input.memberId,
      detail: { reason: input.reason },
      ip: input.ip,
      now,
    });
    const mailId = await tellMember(
      tx,
      input.memberId,
      { kind: 'second-factor-reset' },
      'Support turned off two-factor authentication on your account. Turn it on again from your profile.',
      now,
      await startWithdrawalHold(tx, input.memberId, now),
    );
    return { mailId };
  });
}

/** 409 unless the member has a second factor on (the authenticator or a passkey). */
export async function requireOn(db: Db, memberId: string): Promise<void> {
  if (!(await hasSecondFactor(db, memberId))) throw new AppError('CONFLICT', SECOND_FACTOR_OFF);
}
