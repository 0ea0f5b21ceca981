import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';
import type { StoredOtpPurpose } from '@app/contracts';
import { otps } from '../db/schema/members.ts';
import { MINUTE_MS } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { createOtpCode, digestsEqual, sha256 } from '../lib/secrets.ts';
import { codeMail } from './code-mail.ts';
import { queueMail } from './mail-outbox/queue-mail.ts';

// One-time codes: 10 minutes, single use, at most 5 wrong tries, bound to a purpose.
export const OTP_TTL_MS = 10 * MINUTE_MS;
export const OTP_MAX_ATTEMPTS = 5;
/** A new code for the same purpose can be asked for once a minute. */
export const OTP_RESEND_INTERVAL_MS = MINUTE_MS;

/** Every purpose a code is issued for: the member's (send-otp) and the public password reset. */
export type OtpPurpose = StoredOtpPurpose;

/** The one answer to an unknown, wrong, expired or used code, whatever it was for. */
export const otpRejected = () => new AppError('OTP_INVALID', 'Invalid or expired OTP');

const hashCode = (otpId: string, code: string) => sha256(`${otpId}:${code}`);

/**
 * Issues a fresh code and writes its mail to `email` in the same transaction; earlier unused
 * codes of the same purpose stop working. The code itself never leaves this function except in
 * the mail: the caller gets the mail's id, to send it once the transaction commits.
 */
export async function issueOtp(
  db: Executor,
  input: { memberId: string; email: string; purpose: OtpPurpose; binding?: string; now: Date },
): Promise<{ mailId: string }> {
  const code = createOtpCode();
  const id = crypto.randomUUID();
  const expiresAt = new Date(input.now.getTime() + OTP_TTL_MS);
  await db
    .update(otps)
    .set({ consumedAt: input.now })
    .where(
      and(
        eq(otps.memberId, input.memberId),
        eq(otps.purpose, input.purpose),
        isNull(otps.consumedAt),
      ),
    );
  await db.insert(otps).values({
    id,
    memberId: input.memberId,
    purpose: input.purpose,
    codeHash: hashCode(id, code),
    binding: input.binding ?? null,
    expiresAt,
    createdAt: input.now,
  });
  const mail = codeMail(input.purpose, code, OTP_TTL_MS / MINUTE_MS);
  // A code mail sent after its code expired would only confuse: it is given up instead.
  const mailId = await queueMail(
    db,
    { ...mail, to: input.email, otpId: id, sendBefore: expiresAt },
    input.now,
  );
  return { mailId };
}

/** When the member last asked for a code of this purpose (for the resend interval). */
export async function lastOtpIssuedAt(
  db: Executor,
  memberId: string,
  purpose: OtpPurpose,
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: otps.createdAt })
    .from(otps)
    .where(and(eq(otps.memberId, memberId), eq(otps.purpose, purpose)))
    .orderBy(desc(otps.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

export type OtpCheck = 'ok' | 'invalid';

/**
 * Checks and consumes the member's live code for a purpose. A wrong code counts an attempt;
 * the fifth wrong one ends the code. Runs inside the caller's transaction and locks the row,
 * so two racing checks cannot both succeed.
 */
export async function consumeOtp(
  db: Executor,
  input: { memberId: string; purpose: OtpPurpose; code: string; binding?: string; now: Date },
): Promise<OtpCheck> {
  const result = await queryRows<{
    id: string;
    code_hash: string;
    binding: string | null;
    attempts: number;
    expires_at: string | Date;
  }>(
    db,
    sql`
    select id, code_hash, binding, attempts, expires_at from otps
    where member_id = ${input.memberId} and purpose = ${input.purpose} and consumed_at is null
    order by created_at desc limit 1 for update`,
  );
  const row = result[0];
  if (!row) return 'invalid';
  if (
    new Date(row.expires_at).getTime() <= input.now.getTime() ||
    row.attempts >= OTP_MAX_ATTEMPTS
  ) {
    return 'invalid';
  }
  const matches =
    digestsEqual(row.code_hash, hashCode(row.id, input.code)) &&
    (row.binding ?? null) === (input.binding ?? null);
  if (!matches) {
    const attempts = row.attempts + 1;
    await db
      .update(otps)
      .set({ attempts, consumedAt: attempts >= OTP_MAX_ATTEMPTS ? input.now : null })
      .where(eq(otps.id, row.id));
    return 'invalid';
  }
  await db.update(otps).set({ consumedAt: input.now }).where(eq(otps.id, row.id));
  return 'ok';
}

/** A password set by other means (a change, a reset) ends any password-reset code still live. */
export async function endPasswordResetCodes(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<void> {
  await db
    .update(otps)
    .set({ consumedAt: now })
    .where(
      and(eq(otps.memberId, memberId), eq(otps.purpose, 'password-reset'), isNull(otps.consumedAt)),
    );
}
