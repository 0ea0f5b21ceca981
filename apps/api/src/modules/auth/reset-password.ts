import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/errors.ts';
import { hashPassword, refuseCommonPassword } from '../../lib/passwords.ts';
import { withTransaction } from '../../ledger/index.ts';
import { codeRefusal } from '../../core/mail-outbox/code-mail-failed.ts';
import { queueSecurityNotice } from '../../core/member-mails.ts';
import { consumeOtp } from '../../core/otp.ts';
import { notifySecurity } from '../../core/security-notices.ts';
import { holdSentence, startWithdrawalHold } from '../../core/withdrawal-hold.ts';
import { revokeMemberSessions } from '../../core/sessions/member-sessions.ts';
import { findMemberByLogin } from './members.ts';

/** The one refusal of a reset: wrong, expired, used or ended code, or an id with no member. */
export const resetCodeRejected = () => fieldError('otp', 'Invalid or expired OTP');

export type PasswordReset = { loginId: string; otp: string; newPassword: string };

/**
 * Sets a new password with the mailed password-reset code. Every session of the member ends in
 * the same transaction (whoever held one may be why the member lost the password), and a
 * security notification and its mail are written; the caller sends the mail. The code proves the mailbox,
 * so an unverified email counts as verified from here. A wrong code's attempt is committed, so
 * five wrong tries end the code; an unknown id answers as a wrong code does, after the same
 * password hashing, so neither the answer nor its time tells whether the id exists. A refused
 * code whose mail was given up says so: the member asks for a new one.
 */
export async function resetPassword(
  db: Db,
  input: PasswordReset,
  now: Date,
): Promise<{ mailId: string; memberId: string }> {
  refuseCommonPassword('newPassword', input.newPassword);
  const [member, passwordHash] = await Promise.all([
    findMemberByLogin(db, input.loginId),
    hashPassword(input.newPassword),
  ]);
  if (!member || member.status !== 'active') throw resetCodeRejected();
  const outcome = await withTransaction(db, async (tx) => {
    const check = await consumeOtp(tx, {
      memberId: member.id,
      purpose: 'password-reset',
      code: input.otp,
      now,
    });
    if (check !== 'ok') return null;
    await tx.execute(sql`
      update members set password_hash = ${passwordHash},
        email_verified_at = coalesce(email_verified_at, ${now})
      where id = ${member.id}`);
    await revokeMemberSessions(tx, member.id, now);
    const heldUntil = await startWithdrawalHold(tx, member.id, now);
    await notifySecurity(
      tx,
      member.id,
      `Your password was reset with a code sent to your email. Every device signed in to your account was signed out.${holdSentence(heldUntil)}`,
      now,
    );
    return queueSecurityNotice(tx, member.email, { kind: 'password-reset' }, now, heldUntil);
  });
  if (outcome === null) throw await codeRefusal(db, member.id, 'password-reset', resetCodeRejected);
  return { mailId: outcome, memberId: member.id };
}
