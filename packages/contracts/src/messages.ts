// Validation wording fixed by the client contract; the web app and the API both import it, so a
// member reads the same sentence whether the browser or the server caught the mistake.
export const requiredMessage = (label: string) => `${label} is required`;
export const patternMessage = (label: string) => `Enter valid ${label}.`;
export const tooLongMessage = (label: string, max: number) =>
  `${label} must be at most ${max} characters`;
export const tooShortMessage = (label: string, min: number) =>
  `${label} must be at least ${min} characters`;
export const controlCharactersMessage = (label: string) =>
  `${label} must not contain control characters`;
export const directionControlsMessage = (label: string) =>
  `${label} must not contain invisible text-direction characters`;
export const DIAL_CODE_REQUIRED = 'Dial code is required';
export const SESSION_EXPIRED = 'Session expired, please sign in again';
export const INVALID_CREDENTIALS = 'Invalid Registered ID or password';
/** A code check after the code's mail was given up: the member asks again, nothing will arrive. */
export const CODE_MAIL_FAILED =
  'We could not send your code by email. Please ask for a new code in a minute.';

/** Field labels as the client contract's forms name them; messages are built from these. */
export const labels = {
  loginId: 'Registered id',
  password: 'Password',
  referralCode: 'Invitation id',
  name: 'Name',
  email: 'Email id',
  mobile: 'Mobile',
  mobile_number: 'Mobile',
  dialCode: 'Code',
  otp: 'OTP',
  purpose: 'Purpose',
  amount: 'Amount',
} as const;
