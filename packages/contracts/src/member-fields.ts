import { z } from 'zod';
import { patternText, requiredText } from './fields.ts';
import { labels, patternMessage } from './messages.ts';
import { EMAIL_PATTERN, REFERRAL_CODE_INPUT_PATTERN } from './patterns.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/** Registered ID / invitation id: trimmed and upper-cased before the pattern is applied. */
export const referralCode = (label: string) =>
  requiredText(label, 32)
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(REFERRAL_CODE_INPUT_PATTERN, patternMessage(label)));

/** An email address as the sign-in, the sign-up and the code forms take it: lower-cased. */
export const memberEmail = patternText(labels.email, EMAIL_MAX, EMAIL_PATTERN).transform((value) =>
  value.toLowerCase(),
);
