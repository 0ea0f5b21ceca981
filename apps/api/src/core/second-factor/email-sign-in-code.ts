import { EMAILED_SIGN_IN_CODE_SENT, TOTP_PATTERN, type SignInChallenge } from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { consumeOtp, issueOtp, lastOtpIssuedAt, OTP_RESEND_INTERVAL_MS } from '../otp.ts';
import { openChallenge } from './challenges.ts';
import { hasConfirmedTotp } from './totp.ts';

// The sign-in's second step for a member with no second factor of their own, once their account
// has seen many failed sign-ins from anywhere (decision 0050): a 6-digit code mailed to them, of
// the `sign-in` purpose (10 minutes, once, 5 wrong tries), asked for by the same challenge as
// the authenticator's. Step-up never takes it: it proves the mailbox, not a factor.

/**
 * Opens the emailed second step of a sign-in whose password was right: a challenge, and a code
 * mailed unless one was mailed less than a minute ago (that one still works). Returns the
 * SECOND_FACTOR_REQUIRED answer to throw and the mail to send once it is written.
 */
export async function openEmailedSignInStep(
  db: Db,
  member: { id: string; email: string },
  now: Date,
): Promise<{ error: AppError; mailIds: string[] }> {
  const challenge = await openChallenge(db, member.id, now);
  const last = await lastOtpIssuedAt(db, member.id, 'sign-in');
  const mailIds =
    last && now.getTime() - last.getTime() < OTP_RESEND_INTERVAL_MS
      ? []
      : [
          (
            await withTransaction(db, (tx) =>
              issueOtp(tx, { memberId: member.id, email: member.email, purpose: 'sign-in', now }),
            )
          ).mailId,
        ];
  const data: SignInChallenge = {
    challenge: challenge.token,
    methods: ['email-code'],
    expiresAt: challenge.expiresAt.toISOString(),
  };
  return {
    error: new AppError('SECOND_FACTOR_REQUIRED', EMAILED_SIGN_IN_CODE_SENT, {}, data),
    mailIds,
  };
}

/** Whether a second step's code is an emailed one: 6 digits from a member without the authenticator. */
export async function isEmailedSignInCode(
  db: Executor,
  memberId: string,
  code: string,
): Promise<boolean> {
  return TOTP_PATTERN.test(code) && !(await hasConfirmedTotp(db, memberId));
}

/** Takes the member's live emailed sign-in code once: true when it was this one. */
export async function acceptEmailedSignInCode(
  db: Db,
  memberId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const check = await withTransaction(db, (tx) =>
    consumeOtp(tx, { memberId, purpose: 'sign-in', code, now }),
  );
  return check === 'ok';
}
