import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../ledger/index.ts';
import { notifyMember } from '../../core/notifications.ts';
import { findMemberByLogin } from './members.ts';
import { codeRefusal } from '../../core/mail-outbox/code-mail-failed.ts';
import { consumeOtp, otpRejected } from '../../core/otp.ts';

/**
 * Verifies a member's email with the mailed code, no session needed. An unknown id or email,
 * an address already verified, a wrong, expired or used code all answer the same, so this
 * endpoint cannot tell anyone which addresses are registered. The attempt count is committed
 * even when the code is wrong, so five wrong tries really end the code. A refused code whose
 * mail was given up says so instead: the member asks for a new one.
 */
export async function verifyEmail(
  db: Db,
  input: { login: string; otp: string },
  now: Date,
): Promise<void> {
  const member = await findMemberByLogin(db, input.login);
  if (!member || member.emailVerified) throw otpRejected();
  const outcome = await withTransaction(db, async (tx) => {
    const check = await consumeOtp(tx, {
      memberId: member.id,
      purpose: 'verify-email',
      code: input.otp,
      now,
    });
    if (check === 'ok') {
      await tx.execute(sql`update members set email_verified_at = ${now} where id = ${member.id}`);
      await notifyMember(tx, member.id, 'Your email address is verified.', now);
    }
    return check;
  });
  if (outcome !== 'ok') throw await codeRefusal(db, member.id, 'verify-email', otpRejected);
}
