import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './auth.ts';
import { passwordText, requiredText } from './fields.ts';
import { requiredMessage } from './messages.ts';
import { proofOfWorkField } from './proof-of-work-field.ts';
import { otpCode } from './withdrawals.ts';

// The member's own account security: changing the password when signed in, and resetting a
// forgotten one with a code mailed to the member's address. A new password follows the
// registration's rules (8-128 characters, any characters, never trimmed); the API refuses the
// most common passwords as registration does.

export const accountLabels = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  loginId: 'Registered ID or email',
} as const;

export const PASSWORDS_DIFFER = 'Passwords do not match';
export const PASSWORD_UNCHANGED = 'New password must differ from the current one';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const COMMON_PASSWORD = 'This password is too common; choose another';

const newPassword = passwordText(accountLabels.newPassword, PASSWORD_MAX, PASSWORD_MIN);
const confirmPassword = z
  .string({ error: () => requiredMessage(accountLabels.confirmPassword) })
  .min(1, requiredMessage(accountLabels.confirmPassword));

/** The confirmation must repeat the new password exactly; the mismatch names confirmPassword. */
const confirmed = <T extends { newPassword: string; confirmPassword: string }>(body: T) =>
  body.newPassword === body.confirmPassword;
const mismatch = { message: PASSWORDS_DIFFER, path: ['confirmPassword'] };

/** POST auth/change-password (signed in). */
export const changePasswordBody = z
  .object({
    currentPassword: passwordText(accountLabels.currentPassword, PASSWORD_MAX),
    newPassword,
    confirmPassword,
  })
  .refine(confirmed, mismatch)
  .refine((body) => body.newPassword !== body.currentPassword, {
    message: PASSWORD_UNCHANGED,
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** Registered ID (upper-cased, as sign-in takes it) or email (lower-cased), as typed otherwise. */
const loginId = requiredText(accountLabels.loginId, EMAIL_MAX);

/** POST auth/forgot-password (public): the same answer whether or not the id exists. */
export const forgotPasswordBody = z.object({
  loginId,
  /** A solved proof-of-work challenge, needed past a volume per address (decision 0050). */
  proofOfWork: proofOfWorkField,
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/** POST auth/reset-password (public): the mailed code and the new password. */
export const resetPasswordBody = z
  .object({ loginId, otp: otpCode, newPassword, confirmPassword })
  .refine(confirmed, mismatch);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** The reset form's own fields: the id was given on the step before. */
export const resetPasswordForm = z
  .object({ otp: otpCode, newPassword, confirmPassword })
  .refine(confirmed, mismatch);
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;
