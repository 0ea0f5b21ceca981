import { CURRENT_PASSWORD_WRONG } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { fieldError } from '../../lib/errors.ts';
import { hashPassword, refuseCommonPassword, verifyPassword } from '../../lib/passwords.ts';
import { withTransaction } from '../../ledger/index.ts';
import {
  clearFailures,
  findExceeded,
  recordFailure,
  throttled,
} from '../../core/login-throttle.ts';
import { endPasswordResetCodes } from '../../core/otp.ts';
import { queueSecurityNotice } from '../../core/member-mails.ts';
import { notifySecurity } from '../../core/security-notices.ts';
import { revokeMemberSessions } from '../../core/sessions/member-sessions.ts';
import { holdSentence, startWithdrawalHold } from '../../core/withdrawal-hold.ts';
import { sessionExpired } from '../../core/sessions/session-policy.ts';

/**
 * Wrong current passwords allowed per member in the throttle's window: a stolen session cannot
 * be used to guess the password (and then to sign in elsewhere or change it).
 */
export const WRONG_CURRENT_PASSWORDS = 5;

export type PasswordChange = {
  memberId: string;
  /** The session the change is made in: the one kept. */
  sessionId: string;
  currentPassword: string;
  newPassword: string;
};

/**
 * Checks the signed-in member's password, typed again to confirm a sensitive change; a wrong one
 * is a 422 on `field`, counted per member (WRONG_CURRENT_PASSWORDS, then 429). Answers what the
 * change needs of the member.
 */
export async function verifyCurrentPassword(
  db: Db,
  memberId: string,
  password: string,
  now: Date,
  field: string,
): Promise<{ passwordHash: string; email: string }> {
  const throttleKey = `current-password:${memberId}`;
  const exceeded = await findExceeded(
    db,
    [{ key: throttleKey, limit: WRONG_CURRENT_PASSWORDS }],
    now,
  );
  if (exceeded) throw throttled('Too many wrong passwords', exceeded.retryAfterMs);
  const [member] = await db
    .select({ passwordHash: members.passwordHash, email: members.email })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw sessionExpired();
  if (!(await verifyPassword(member.passwordHash, password))) {
    await recordFailure(db, [throttleKey], now);
    throw fieldError(field, CURRENT_PASSWORD_WRONG);
  }
  await clearFailures(db, throttleKey);
  return member;
}

/**
 * Changes the signed-in member's password after checking the current one. Every other session
 * of the member ends in the same transaction, a live password-reset code stops working, and a
 * security notification and its mail are written; the caller sends the mail (returned id).
 */
export async function changePassword(
  db: Db,
  input: PasswordChange,
  now: Date,
): Promise<{ mailId: string }> {
  const member = await verifyCurrentPassword(
    db,
    input.memberId,
    input.currentPassword,
    now,
    'currentPassword',
  );
  refuseCommonPassword('newPassword', input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  return withTransaction(db, async (tx) => {
    // Compare-and-set on the hash just checked: of two changes racing from two sessions, the
    // second finds the hash changed and is refused like a wrong password.
    const updated = await queryRows(
      tx,
      sql`update members set password_hash = ${passwordHash}
          where id = ${input.memberId} and password_hash = ${member.passwordHash} returning id`,
    );
    if (updated.length === 0) throw fieldError('currentPassword', CURRENT_PASSWORD_WRONG);
    await revokeMemberSessions(tx, input.memberId, now, input.sessionId);
    await endPasswordResetCodes(tx, input.memberId, now);
    const heldUntil = await startWithdrawalHold(tx, input.memberId, now);
    await notifySecurity(
      tx,
      input.memberId,
      `Your password was changed. Every other device signed in to your account was signed out.${holdSentence(heldUntil)}`,
      now,
    );
    const notice = { kind: 'password-changed' } as const;
    return { mailId: await queueSecurityNotice(tx, member.email, notice, now, heldUntil) };
  });
}
