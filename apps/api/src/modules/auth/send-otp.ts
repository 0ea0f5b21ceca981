import { sql } from 'drizzle-orm';
import type { OtpPurpose } from '@app/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { issueOtp, lastOtpIssuedAt, OTP_RESEND_INTERVAL_MS } from './otp.ts';

export type SentOtp = { code: string; email: string; maskedEmail: string };

/**
 * Issues a code for the signed-in member. This issue serves email verification; the
 * withdrawal and payout-address codes are bound to their amount or address by the flows that
 * use them, so they are refused here until those flows exist.
 */
export async function sendOtp(
  db: Db,
  memberId: string,
  purpose: OtpPurpose,
  now: Date,
): Promise<SentOtp> {
  if (purpose !== 'verify-email') {
    throw new AppError('CONFLICT', 'This kind of code is not available yet');
  }
  const result = await queryRows<{ email: string; email_verified_at: unknown }>(
    db,
    sql`select email, email_verified_at from members where id = ${memberId}`,
  );
  const member = result[0];
  if (!member) throw new AppError('UNAUTHORIZED', 'Session expired, please sign in again');
  if (member.email_verified_at != null) throw new AppError('CONFLICT', 'Email is already verified');
  const last = await lastOtpIssuedAt(db, memberId, purpose);
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
  const code = await withTransaction(db, (tx) => issueOtp(tx, { memberId, purpose, now }));
  return { code, email: member.email, maskedEmail: maskEmail(member.email) };
}

/** a****e@example.com: enough for the member to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const visible =
    local.length <= 2
      ? local.slice(0, 1)
      : `${local[0]}${'*'.repeat(Math.min(local.length - 2, 6))}${local.at(-1)}`;
  return `${visible}@${domain}`;
}
