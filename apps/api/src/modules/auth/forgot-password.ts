import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../ledger/index.ts';
import { findExceeded, recordFailure, throttled } from '../../core/login-throttle.ts';
import { issueOtp, lastOtpIssuedAt, OTP_RESEND_INTERVAL_MS } from '../../core/otp.ts';
import { findMemberByLogin } from './members.ts';
import { admitByVolume } from '../../core/proof-of-work.ts';

/** Reset codes asked for one id (as typed, any case) in the throttle's 15-minute window. */
export const RESET_REQUESTS_PER_ID = 5;

/** The one answer to POST auth/forgot-password, whether or not the id belongs to a member. */
export const RESET_CODE_SENT =
  'If this account exists, a code to reset its password was sent to its email address.';

/** The reset code's mail, written with the code, to send once committed. */
export type ResetCode = { mailId: string };

/**
 * Counts a reset request against the id as typed, known or not, and refuses it past the limit:
 * the 429 says nothing about the id either.
 */
export async function countResetRequest(db: Db, loginId: string, now: Date): Promise<void> {
  const key = `forgot-password:${loginId.trim().toLowerCase()}`;
  const exceeded = await findExceeded(db, [{ key, limit: RESET_REQUESTS_PER_ID }], now);
  if (exceeded) throw throttled('Too many reset requests', exceeded.retryAfterMs);
  await recordFailure(db, [key], now);
}

/**
 * Lets a reset request through: past `perAddress` from one address in an hour (or always, when
 * an operator set it so), only with a solved proof-of-work (decision 0050). The answer does not
 * depend on the id, known or not.
 */
export const admitResetRequest = (
  db: Db,
  request: { ip: string; proofOfWork: string | undefined },
  options: { perAddress: number; key: Buffer | null },
  now: Date,
) =>
  admitByVolume(
    db,
    {
      key: `forgot-password:ip:${request.ip}`,
      perAddress: options.perAddress,
      proofOfWorkKey: options.key,
      payload: request.proofOfWork,
    },
    now,
  );

/**
 * Issues a password-reset code for the member behind a Registered ID or email, its mail in the
 * outbox for the caller to send after commit; null when there is nothing to mail: no such member, a blocked one, or a
 * code issued less than a minute ago (still in the mailbox). The caller answers the same in
 * every case, before this runs, so not even the answer's time tells whether the id exists.
 */
export async function issueResetCode(
  db: Db,
  loginId: string,
  now: Date,
): Promise<ResetCode | null> {
  const member = await findMemberByLogin(db, loginId);
  if (!member || member.status !== 'active') return null;
  const last = await lastOtpIssuedAt(db, member.id, 'password-reset');
  if (last && now.getTime() - last.getTime() < OTP_RESEND_INTERVAL_MS) return null;
  return withTransaction(db, (tx) =>
    issueOtp(tx, { memberId: member.id, email: member.email, purpose: 'password-reset', now }),
  );
}
