import { registerFormWith } from '@app/contracts';
import { phoneNumbering } from './phone-numbering.ts';

/** The sign-up form's schema, mobile numbers checked by the complete numbering plan. */
export const signUpForm = registerFormWith(phoneNumbering);
