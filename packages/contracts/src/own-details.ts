import { z } from 'zod';
import { accountLabels } from './account.ts';
import { passwordText, requiredText } from './fields.ts';
import { labels } from './messages.ts';
import { memberEmail, NAME_MAX, PASSWORD_MAX } from './member-fields.ts';
import type { PhoneNumbering } from './mobile-number.ts';
import { registerBodyWith } from './registration.ts';
import { otpCode } from './withdrawals.ts';

// A member changing their own details from the profile (issue 21, decision 0059): the name and
// the mobile number at once, the email only once a code mailed to the new address proves it.

export const OWN_DETAILS_NONE = 'Give a name or a mobile number to change';
export const OWN_DETAILS_UNCHANGED = 'Nothing to change: these are the details on file';
export const OWN_EMAIL_UNCHANGED = 'This is already your email';
export const OWN_EMAIL_TAKEN = 'Another account already uses this email';

/**
 * PATCH auth/profile: the name, the mobile number or both, each checked by the registration's
 * rules (the mobile number by `numbering`, the API's full plan).
 */
export const ownDetailsBodyWith = (numbering: PhoneNumbering) =>
  registerBodyWith(numbering)
    .pick({ name: true, mobile_number: true })
    .partial()
    .refine((body) => body.name !== undefined || body.mobile_number !== undefined, {
      message: OWN_DETAILS_NONE,
      path: ['name'],
    });
export type OwnDetailsBody = z.input<ReturnType<typeof ownDetailsBodyWith>>;

/** The profile's edit form, prefilled; the server checks the number by the full plan. */
export const ownDetailsForm = z.object({
  name: requiredText(labels.name, NAME_MAX),
  mobile_number: requiredText(labels.mobile_number, 24),
});
export type OwnDetailsForm = z.input<typeof ownDetailsForm>;

export const ownDetailsData = z.object({
  changed: z.array(z.enum(['name', 'mobile_number'])),
});
export type OwnDetailsData = z.infer<typeof ownDetailsData>;

/** POST auth/email-change: the new address and the password, typed again. */
export const emailChangeBody = z.object({
  email: memberEmail,
  password: passwordText(accountLabels.currentPassword, PASSWORD_MAX),
});
export type EmailChangeBody = z.input<typeof emailChangeBody>;

/** POST auth/email-change/confirm: the code mailed to the new address, for that address. */
export const emailChangeConfirmBody = z.object({ email: memberEmail, otp: otpCode });
export type EmailChangeConfirmBody = z.input<typeof emailChangeConfirmBody>;
