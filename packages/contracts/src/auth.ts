import { z } from 'zod';
import { optionalText, passwordText, patternText, requiredText } from './fields.ts';
import { DIAL_CODE_REQUIRED, labels, patternMessage, requiredMessage } from './messages.ts';
import {
  EMAIL_PATTERN,
  MOBILE_MAX_LENGTH,
  MOBILE_NUMBER_PATTERN,
  OTP_PATTERN,
  PHONE_PATTERN,
  REFERRAL_CODE_INPUT_PATTERN,
} from './patterns.ts';
import { proofOfWorkField } from './proof-of-work-field.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/** Registered ID / invitation id: trimmed and upper-cased before the pattern is applied. */
const referralCode = (label: string) =>
  requiredText(label, 32)
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(REFERRAL_CODE_INPUT_PATTERN, patternMessage(label)));

const email = patternText(labels.email, EMAIL_MAX, EMAIL_PATTERN).transform((value) =>
  value.toLowerCase(),
);

// ---- sign-in -------------------------------------------------------------------------

export const loginBody = z.object({
  loginId: requiredText(labels.loginId, 64).transform((value) => value.toUpperCase()),
  password: passwordText(labels.password, PASSWORD_MAX),
  /** A solved proof-of-work challenge, needed after failures (decision 0050). */
  proofOfWork: proofOfWorkField,
});
export type LoginBody = z.input<typeof loginBody>;

export const memberView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  referral_code: z.string(),
  sponsor: z.object({ name: z.string(), referralCode: z.string() }).nullable(),
  verified: z.boolean(),
  createdAt: z.string(),
});
export type MemberView = z.infer<typeof memberView>;

export const loginData = z.object({ access_token: z.string(), user: memberView });
export type LoginData = z.infer<typeof loginData>;

// ---- sign-up -------------------------------------------------------------------------

export const registerBody = z.object({
  referralCode: referralCode(labels.referralCode),
  name: requiredText(labels.name, NAME_MAX),
  email,
  password: passwordText(labels.password, PASSWORD_MAX, PASSWORD_MIN),
  mobile_number: requiredText(labels.mobile_number, 24)
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(MOBILE_NUMBER_PATTERN, patternMessage(labels.mobile_number))),
  /** A solved proof-of-work challenge, needed past a volume per address (decision 0050). */
  proofOfWork: proofOfWorkField,
});
export type RegisterBody = z.input<typeof registerBody>;
export const registerData = z.object({ referral_code: z.string() });

/** The sign-up form: the dial code and the 10-digit number are separate inputs there. */
export const registerForm = z.object({
  referralCode: requiredText(labels.referralCode, 32).transform((value) => value.toUpperCase()),
  dialCode: z.string({ error: () => DIAL_CODE_REQUIRED }).min(1, DIAL_CODE_REQUIRED),
  mobile: requiredText(labels.mobile, MOBILE_MAX_LENGTH).regex(
    PHONE_PATTERN,
    patternMessage(labels.mobile),
  ),
  name: requiredText(labels.name, NAME_MAX),
  email: patternText(labels.email, EMAIL_MAX, EMAIL_PATTERN),
  password: passwordText(labels.password, PASSWORD_MAX, PASSWORD_MIN),
  terms: z.boolean().optional(),
});
export type RegisterForm = z.input<typeof registerForm>;

export const loginForm = loginBody;
export type LoginForm = z.input<typeof loginForm>;

/** Joins the form's dial code and number into the API's `mobile_number`. */
export function joinMobileNumber(dialCode: string, mobile: string): string {
  const code = dialCode.trim().replace(/\s+/g, '');
  return `${code.startsWith('+') ? code : `+${code}`}${mobile.trim()}`;
}

export const getReferQuery = z.object({ referralCode: referralCode(labels.referralCode) });
export const getReferData = z.object({ name: z.string() });

// ---- OTP -----------------------------------------------------------------------------

/** What a member may ask GET auth/send-otp for. */
export const OTP_PURPOSES = ['verify-email', 'withdrawal', 'payout-address'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
/**
 * Every purpose a stored code has: those above, the reset that forgot-password mails and the
 * sign-in's emailed second step after many failures (decision 0050).
 */
export const STORED_OTP_PURPOSES = [...OTP_PURPOSES, 'password-reset', 'sign-in'] as const;
export type StoredOtpPurpose = (typeof STORED_OTP_PURPOSES)[number];

export const otpVerifyBody = z
  .object({
    loginId: optionalText(labels.loginId, 64),
    email: optionalText(labels.email, EMAIL_MAX),
    otp: z
      .string({ error: () => requiredMessage(labels.otp) })
      .trim()
      .min(1, requiredMessage(labels.otp))
      .regex(OTP_PATTERN, patternMessage(labels.otp)),
    purpose: z
      .literal('verify-email', { error: () => patternMessage(labels.purpose) })
      .default('verify-email'),
  })
  .refine((body) => Boolean(body.loginId) || Boolean(body.email), {
    message: requiredMessage(labels.loginId),
    path: ['loginId'],
  });
export type OtpVerifyBody = z.input<typeof otpVerifyBody>;

// ---- wallet, notifications, referral -----------------------------------------------------

export const walletBalanceData = z.object({
  primary_wallet: z.number(),
  profit_wallet: z.number(),
});
export type WalletBalance = z.infer<typeof walletBalanceData>;

/** What a notification is about: the drawer's icon. Rows written before kinds existed are general. */
export const NOTIFICATION_KINDS = [
  'general',
  'money',
  'income',
  'rank',
  'ticket',
  'security',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationView = z.object({
  id: z.string(),
  createdAt: z.string(),
  message: z.string(),
  read: z.boolean(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The in-app path that shows what happened; null when there is none. */
  link: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationView>;

export const uniqueReferalData = z.object({ referralCode: z.string(), link: z.string() });
