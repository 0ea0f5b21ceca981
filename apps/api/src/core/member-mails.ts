import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../lib/mailer.ts';
import { OTP_TTL_MS, type OtpPurpose } from './otp.ts';

const purposeText: Record<OtpPurpose, string> = {
  'verify-email': 'verify your email address',
  withdrawal: 'confirm your withdrawal',
  'payout-address': 'confirm your new payout address',
  'password-reset': 'reset your password',
};

/**
 * Mails a one-time code after the transaction that created it has committed. A failed send is
 * logged, never turned into a failed request: the member can ask for a new code.
 */
export function mailOtp(
  mailer: Mailer,
  log: FastifyBaseLogger,
  to: string,
  purpose: OtpPurpose,
  code: string,
): void {
  const minutes = OTP_TTL_MS / 60_000;
  mailer
    .send({
      to,
      subject: `Your code: ${code}`,
      text: `Your one-time code to ${purposeText[purpose]} is ${code}.\nIt expires in ${minutes} minutes and works once.\nIf you did not ask for it, ignore this email.`,
    })
    .catch((error: unknown) => log.error({ err: error, to }, 'could not send OTP mail'));
}

/** What happened to the account, told by email; never a code, a password or a token. */
export type SecurityNotice =
  | { kind: 'password-changed' }
  | { kind: 'password-reset' }
  | { kind: 'new-sign-in'; at: Date; device: string; ip: string }
  | { kind: 'operator-view'; at: Date; role: string };

const IF_NOT_YOU =
  'If this was not you, change your password at once (or use "Forgot password?" on the sign-in page) and contact support.';

/** 2026-11-24 18:47: a moment to the minute, as the notices show it (UTC). */
export const utcMinute = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 16);

function noticeMail(notice: SecurityNotice): { subject: string; text: string } {
  switch (notice.kind) {
    case 'password-changed':
      return {
        subject: 'Your password was changed',
        text: `The password of your account was changed. Every other device signed in to it was signed out.\n${IF_NOT_YOU}`,
      };
    case 'password-reset':
      return {
        subject: 'Your password was reset',
        text: `The password of your account was reset with a code sent to this address. Every device signed in to it was signed out.\n${IF_NOT_YOU}`,
      };
    case 'new-sign-in':
      return {
        subject: 'New sign-in to your account',
        text: `Your account was signed in to from a device not seen before.\nWhen: ${utcMinute(notice.at)} UTC\nDevice: ${notice.device}\nAddress: ${notice.ip}\n${IF_NOT_YOU}`,
      };
    case 'operator-view':
      return {
        subject: 'An operator viewed your account',
        text: `An operator (${notice.role}) opened a read-only view of your account.\nWhen: ${utcMinute(notice.at)} UTC\nThe view lasts 15 minutes and cannot move money or change anything.\nIf you did not expect this, contact support.`,
      };
  }
}

/**
 * Tells the member by email that their account's security changed, after the change committed.
 * A failed send is logged, not turned into a failed request: the change is made and the
 * notification is in the app.
 */
export function mailSecurityNotice(
  mailer: Mailer,
  log: FastifyBaseLogger,
  to: string,
  notice: SecurityNotice,
): void {
  mailer
    .send({ to, ...noticeMail(notice) })
    .catch((error: unknown) =>
      log.error({ err: error, to, notice: notice.kind }, 'could not send security mail'),
    );
}
