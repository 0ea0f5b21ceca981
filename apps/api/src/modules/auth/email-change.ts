import { eq, and, ne } from 'drizzle-orm';
import { OWN_EMAIL_TAKEN, OWN_EMAIL_UNCHANGED } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { isEmailTaken } from '../../core/email-taken.ts';
import { queueSecurityNotice } from '../../core/member-mails.ts';
import {
  consumeOtp,
  issueOtp,
  lastOtpIssuedAt,
  OTP_RESEND_INTERVAL_MS,
  otpRejected,
} from '../../core/otp.ts';
import { notifySecurity } from '../../core/security-notices.ts';
import { maskEmail } from '../../core/send-otp.ts';
import { sessionExpired } from '../../core/sessions/session-policy.ts';
import { startWithdrawalHold } from '../../core/withdrawal-hold.ts';
import { verifyCurrentPassword } from './change-password.ts';

// A member's new email replaces the old one only once a code mailed to the new address comes
// back (decision 0059): a typo cannot lock them out of their codes, and someone holding only the
// session cannot move the account to their own address (the password is asked too).

const PURPOSE = 'email-change';

async function refuseTaken(db: Db, memberId: string, email: string): Promise<void> {
  const [other] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.email, email), ne(members.id, memberId)));
  if (other) throw new AppError('CONFLICT', OWN_EMAIL_TAKEN);
}

/**
 * Checks the password and mails a code to the new address, bound to it. Once a minute at most,
 * like every code. Returns the mail to send once committed and the address as shown.
 */
export async function startEmailChange(
  db: Db,
  input: { memberId: string; email: string; password: string },
  now: Date,
): Promise<{ mailId: string; maskedEmail: string }> {
  const { memberId, email } = input;
  const member = await verifyCurrentPassword(db, memberId, input.password, now, 'password');
  if (member.email === email) throw new AppError('CONFLICT', OWN_EMAIL_UNCHANGED);
  await refuseTaken(db, memberId, email);
  const last = await lastOtpIssuedAt(db, memberId, PURPOSE);
  const waitMs = last ? last.getTime() + OTP_RESEND_INTERVAL_MS - now.getTime() : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError(
      'RATE_LIMITED',
      `Please wait ${seconds} seconds before asking for a new code`,
      {
        'retry-after': String(seconds),
      },
    );
  }
  const { mailId } = await withTransaction(db, (tx) =>
    issueOtp(tx, { memberId, email, purpose: PURPOSE, binding: email, now }),
  );
  return { mailId, maskedEmail: maskEmail(email) };
}

/**
 * Replaces the email with the one the code was mailed to, as verified (the code proves it). The
 * old and the new address are told, the app notes it, and withdrawals pause as after any
 * security change (decision 0046). Returns the mails to send once committed.
 */
export async function confirmEmailChange(
  db: Db,
  input: { memberId: string; email: string; code: string },
  now: Date,
): Promise<{ mailIds: string[] }> {
  const { memberId, email } = input;
  try {
    return await withTransaction(db, async (tx) => {
      const [current] = await tx
        .select({ email: members.email })
        .from(members)
        .where(eq(members.id, memberId))
        .for('update');
      if (!current) throw sessionExpired();
      const check = await consumeOtp(tx, {
        memberId,
        purpose: PURPOSE,
        code: input.code,
        binding: email,
        now,
      });
      if (check !== 'ok') throw otpRejected();
      if (current.email === email) throw new AppError('CONFLICT', OWN_EMAIL_UNCHANGED);
      await tx.update(members).set({ email, emailVerifiedAt: now }).where(eq(members.id, memberId));
      const heldUntil = await startWithdrawalHold(tx, memberId, now);
      const notice = {
        kind: 'email-changed',
        from: current.email,
        to: email,
        byMember: true,
      } as const;
      const mailIds = [
        await queueSecurityNotice(tx, current.email, notice, now, heldUntil),
        await queueSecurityNotice(tx, email, notice, now, heldUntil),
      ];
      await notifySecurity(
        tx,
        memberId,
        `Your email is now ${email}. If this was not you, change your password and contact support.`,
        now,
      );
      return { mailIds };
    });
  } catch (error) {
    if (isEmailTaken(error)) throw new AppError('CONFLICT', OWN_EMAIL_TAKEN);
    throw error;
  }
}
