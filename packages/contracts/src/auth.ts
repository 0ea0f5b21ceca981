import { z } from 'zod';
import { optionalText, passwordText, requiredText } from './fields.ts';
import { labels, patternMessage, requiredMessage } from './messages.ts';
import { EMAIL_MAX, PASSWORD_MAX, referralCode } from './member-fields.ts';
import { OTP_PATTERN } from './patterns.ts';
import { proofOfWorkField } from './proof-of-work-field.ts';

export * from './account-blocked.ts';

export { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './member-fields.ts';

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

/**
 * GET auth/me: the member, and whether this session is an operator's read-only view (decision
 * 0026). Here, not with the operator's views of members: the member's frame reads it on every
 * signed-in first load, and a module is bundled whole.
 */
export const memberMeData = memberView.extend({ readOnly: z.boolean() });
export type MemberMeData = z.infer<typeof memberMeData>;

export const loginData = z.object({ access_token: z.string(), user: memberView });
export type LoginData = z.infer<typeof loginData>;

export const loginForm = loginBody;
export type LoginForm = z.input<typeof loginForm>;

export const getReferQuery = z.object({ referralCode: referralCode(labels.referralCode) });
export const getReferData = z.object({ name: z.string() });

// ---- OTP -----------------------------------------------------------------------------

/** What a member may ask GET auth/send-otp for. */
export const OTP_PURPOSES = ['verify-email', 'withdrawal', 'payout-address'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
/**
 * Every purpose a stored code has: those above, the reset that forgot-password mails and the
 * sign-in's emailed second step after many failures (decision 0050), and the code that proves a
 * new email address before it replaces the old one (decision 0059).
 */
export const STORED_OTP_PURPOSES = [
  ...OTP_PURPOSES,
  'password-reset',
  'sign-in',
  'email-change',
] as const;
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
