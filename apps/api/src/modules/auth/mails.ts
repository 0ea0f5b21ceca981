import type { OtpPurpose } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mailer.ts';
import { OTP_TTL_MS } from '../../core/otp.ts';

const purposeText: Record<OtpPurpose, string> = {
  'verify-email': 'verify your email address',
  withdrawal: 'confirm your withdrawal',
  'payout-address': 'confirm your new payout address',
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
