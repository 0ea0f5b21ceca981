import { z } from 'zod';

/**
 * How a sign-in attempt proved who it was: the password alone; the password then an authenticator
 * code, a recovery code, a passkey or a code emailed to the member (the method names the second
 * step); or a passkey on its own.
 */
export const SIGN_IN_METHODS = [
  'password',
  'totp',
  'recovery-code',
  'passkey',
  'email-code',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** What became of an attempt on a known account. */
export const SIGN_IN_RESULTS = ['success', 'failure'] as const;
export type SignInResult = (typeof SIGN_IN_RESULTS)[number];

/**
 * Why an attempt failed: a wrong password; a wrong second-factor code; a passkey that did not
 * verify; refused unchecked because the account had used up its tries; the right password on a
 * blocked account, or on a closed one (decision 0060); or refused unchecked because the proof-of-work the sign-in then needed was
 * missing or wrong.
 */
export const SIGN_IN_FAILURES = [
  'wrong-password',
  'wrong-code',
  'wrong-passkey',
  'too-many-attempts',
  'account-blocked',
  'proof-of-work-required',
  'account-closed',
] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

/** The words a member or an operator reads for an attempt's outcome. */
export const SIGN_IN_OUTCOME_LABELS: Record<SignInResult | SignInFailure, string> = {
  success: 'Signed in',
  failure: 'Failed',
  'wrong-password': 'Wrong password',
  'wrong-code': 'Wrong code',
  'wrong-passkey': 'Passkey not accepted',
  'proof-of-work-required': 'Robot check missing',
  'too-many-attempts': 'Too many attempts',
  'account-blocked': 'Account blocked',
  'account-closed': 'Account closed',
};

export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Password',
  totp: 'Authenticator app',
  'recovery-code': 'Recovery code',
  passkey: 'Passkey',
  'email-code': 'Emailed code',
};

/** The most attempts a history shows: the latest ones. */
export const SIGN_IN_HISTORY_LIMIT = 100;

export const signInAttemptView = z.object({
  id: z.string(),
  at: z.string(),
  ip: z.string().nullable(),
  /** "Chrome on Android", or the raw user agent cut short when it names neither. */
  device: z.string(),
  method: z.enum(SIGN_IN_METHODS),
  result: z.enum(SIGN_IN_RESULTS),
  /** Why it failed; null for a success. */
  failure: z.enum(SIGN_IN_FAILURES).nullable(),
});
export type SignInAttemptView = z.infer<typeof signInAttemptView>;

/** GET auth/sign-in-history and the console's view of a member's: the latest attempts, newest first. */
export const signInHistoryData = z.object({ attempts: z.array(signInAttemptView) });
export type SignInHistory = z.infer<typeof signInHistoryData>;
