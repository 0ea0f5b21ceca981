import type { OtpPurpose } from './otp.ts';

const purposeText: Record<OtpPurpose, string> = {
  'verify-email': 'verify your email address',
  withdrawal: 'confirm your withdrawal',
  'payout-address': 'confirm your new payout address',
  'password-reset': 'reset your password',
};

/** The mail that carries a one-time code; the code is in the subject so it shows in a list. */
export function codeMail(purpose: OtpPurpose, code: string, minutes: number) {
  return {
    kind: `code:${purpose}`,
    subject: `Your code: ${code}`,
    text: `Your one-time code to ${purposeText[purpose]} is ${code}.\nIt expires in ${minutes} minutes and works once.\nIf you did not ask for it, ignore this email.`,
  };
}
