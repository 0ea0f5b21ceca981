import type { OtpPurpose } from './otp.ts';

const purposeText: Record<OtpPurpose, string> = {
  'verify-email': 'verify your email address',
  withdrawal: 'confirm your withdrawal',
  'payout-address': 'confirm your new payout address',
  'password-reset': 'reset your password',
  'sign-in': 'finish signing in',
  'email-change': "make this your account's email address",
};

/** What the mail says to do when the member did not ask for the code. */
const ifNotAsked: Partial<Record<OtpPurpose, string>> = {
  // Only the right password gets this code mailed (decision 0050).
  'sign-in': 'If you are not signing in, someone knows your password: change it at once.',
};

/** The mail that carries a one-time code; the code is in the subject so it shows in a list. */
export function codeMail(purpose: OtpPurpose, code: string, minutes: number) {
  return {
    kind: `code:${purpose}`,
    subject: `Your code: ${code}`,
    text: `Your one-time code to ${purposeText[purpose]} is ${code}.\nIt expires in ${minutes} minutes and works once.\n${ifNotAsked[purpose] ?? 'If you did not ask for it, ignore this email.'}`,
  };
}
