import { z } from 'zod';
import { passwordText, patternText, requiredText } from './fields.ts';
import { DIAL_CODE_REQUIRED, labels } from './messages.ts';
import {
  EMAIL_MAX,
  memberEmail,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  referralCode,
} from './member-fields.ts';
import {
  checkMobileNumber,
  NATIONAL_NUMBER_MAX_LENGTH,
  nationalNumberProblem,
  type PhoneNumbering,
} from './mobile-number.ts';
import { EMAIL_PATTERN } from './patterns.ts';
import { proofOfWorkField } from './proof-of-work-field.ts';

// ---- sign-up -------------------------------------------------------------------------

/** POST auth/register's body, its mobile number checked by `numbering` (the API's full plan). */
export const registerBodyWith = (numbering: PhoneNumbering) =>
  z.object({
    referralCode: referralCode(labels.referralCode),
    name: requiredText(labels.name, NAME_MAX),
    email: memberEmail,
    password: passwordText(labels.password, PASSWORD_MAX, PASSWORD_MIN),
    /** '+' and the dial code, then the number: India's as sent, any other country's in E.164. */
    mobile_number: requiredText(labels.mobile_number, 24)
      .transform((value) => value.replace(/\s+/g, ''))
      .transform((value, context) => {
        const result = checkMobileNumber(numbering, value);
        if (result.ok) return result.value;
        context.addIssue({ code: 'custom', message: result.message });
        return z.NEVER;
      }),
    /** A solved proof-of-work challenge, needed past a volume per address (decision 0050). */
    proofOfWork: proofOfWorkField,
  });
export type RegisterBody = z.input<ReturnType<typeof registerBodyWith>>;
export const registerData = z.object({ referral_code: z.string() });

/** The sign-up form's phone: the dial code, the country chosen and the national number. */
const signUpPhone = (numbering: PhoneNumbering) =>
  z
    .object({
      dialCode: z.string({ error: () => DIAL_CODE_REQUIRED }).min(1, DIAL_CODE_REQUIRED),
      /** The ISO code of the country picked ('DE'): several share a dial code; names it in errors. */
      country: z.string().optional(),
      mobile: requiredText(labels.mobile, NATIONAL_NUMBER_MAX_LENGTH),
    })
    .superRefine(({ dialCode, country, mobile }, context) => {
      const problem = nationalNumberProblem(numbering, dialCode, mobile, country);
      if (problem) context.addIssue({ code: 'custom', path: ['mobile'], message: problem });
    });

/**
 * The sign-up form: the dial code and the national number are separate inputs there, the number
 * checked by the chosen country's rules. The phone is its own object so its check runs even
 * while another field is empty (a required field stops the checks of the object it is in).
 */
export const registerFormWith = (numbering: PhoneNumbering) =>
  z.intersection(
    z.object({
      referralCode: requiredText(labels.referralCode, 32).transform((value) => value.toUpperCase()),
      name: requiredText(labels.name, NAME_MAX),
      email: patternText(labels.email, EMAIL_MAX, EMAIL_PATTERN),
      password: passwordText(labels.password, PASSWORD_MAX, PASSWORD_MIN),
      terms: z.boolean().optional(),
    }),
    signUpPhone(numbering),
  );
export type RegisterForm = z.input<ReturnType<typeof registerFormWith>>;
