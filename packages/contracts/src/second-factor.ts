import { z } from 'zod';
import { PASSWORD_MAX } from './auth.ts';
import { passwordText } from './fields.ts';
import { patternMessage, requiredMessage } from './messages.ts';

// A member's second factor (decision 0045): an authenticator app (TOTP, RFC 6238: 6 digits, 30 s
// steps) with 10 single-use recovery codes. With it on, a correct password at sign-in answers
// SECOND_FACTOR_REQUIRED with a short-lived challenge, and the second step takes a code.

export const secondFactorLabels = {
  code: 'Code',
  password: 'Password',
} as const;

/** The recovery codes an enrolment or a regeneration gives, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the sign-in's second step may follow its password step. */
export const SIGN_IN_CHALLENGE_MINUTES = 5;

export const SECOND_FACTOR_REQUIRED = 'Enter the code from your authenticator app';
export const SECOND_FACTOR_CODE_WRONG = 'This code is not valid. Check it and try again.';
export const SECOND_FACTOR_CHALLENGE_ENDED =
  'This sign-in has expired. Enter your Registered ID and password again.';
export const SECOND_FACTOR_ALREADY_ON = 'Two-factor authentication is already on';
export const SECOND_FACTOR_NOT_SET_UP = 'Set up the authenticator app first';
export const SECOND_FACTOR_OFF = 'Two-factor authentication is off';

/**
 * An authenticator's 6 digits, or a recovery code (10 letters and digits, grouped 5-5 with a
 * hyphen as shown; spaces and the hyphen are ignored, and case does not matter).
 */
export const TOTP_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[A-Z0-9]{10}$/;
export const normalizeSecondFactorCode = (value: string) =>
  value.replace(/[\s-]/g, '').toUpperCase();

export const secondFactorCode = z
  .string({ error: () => requiredMessage(secondFactorLabels.code) })
  .transform(normalizeSecondFactorCode)
  .refine((value) => value.length > 0, requiredMessage(secondFactorLabels.code))
  .refine(
    (value) => value.length === 0 || TOTP_PATTERN.test(value) || RECOVERY_CODE_PATTERN.test(value),
    patternMessage(secondFactorLabels.code),
  );

/** Only an authenticator code: what confirms an enrolment. */
export const totpCode = z
  .string({ error: () => requiredMessage(secondFactorLabels.code) })
  .transform((value) => value.replace(/\s/g, ''))
  .refine((value) => value.length > 0, requiredMessage(secondFactorLabels.code))
  .refine(
    (value) => value.length === 0 || TOTP_PATTERN.test(value),
    patternMessage(secondFactorLabels.code),
  );

const password = passwordText(secondFactorLabels.password, PASSWORD_MAX);

/** POST auth/second-factor/totp/setup: the password again, so a stolen session cannot enrol. */
export const totpSetupBody = z.object({ password });
export type TotpSetupBody = z.input<typeof totpSetupBody>;

export const totpSetupData = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type TotpSetupData = z.infer<typeof totpSetupData>;

/** POST auth/second-factor/totp/confirm: a first code from the app turns the factor on. */
export const totpConfirmBody = z.object({ code: totpCode });
export type TotpConfirmBody = z.input<typeof totpConfirmBody>;

/** Shown once: on confirmation and on regeneration. */
export const recoveryCodesData = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesData = z.infer<typeof recoveryCodesData>;

/** POST auth/second-factor/totp/disable: the password and a current code (or a recovery code). */
export const totpDisableBody = z.object({ password, code: secondFactorCode });
export type TotpDisableBody = z.input<typeof totpDisableBody>;

/**
 * POST auth/second-factor/recovery-codes: a current code replaces every recovery code; without
 * one, the session must have proved a factor in the last minutes (a passkey, through step-up).
 */
export const recoveryCodesBody = z.object({ code: secondFactorCode.optional() });
export type RecoveryCodesBody = z.input<typeof recoveryCodesBody>;

/**
 * POST operator/members/:id/second-factor/reset (admins): why, for the audit log and the member.
 * The reason says what was checked (e.g. the member proved who they are on a support call).
 */
export const secondFactorResetBody = z.object({
  reason: z
    .string({ error: () => requiredMessage('Reason') })
    .trim()
    .min(3, 'Reason must be at least 3 characters')
    .max(500, 'Reason must be at most 500 characters'),
});
export type SecondFactorResetBody = z.input<typeof secondFactorResetBody>;

/** GET auth/second-factor, and GET operator/members/:id/second-factor. */
export const secondFactorStatusData = z.object({
  totp: z.boolean(),
  /** How many passkeys the member has (each is a second factor too). */
  passkeys: z.number(),
  recoveryCodesLeft: z.number(),
  enabledAt: z.string().nullable(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusData>;

/** The factors a second step or a step-up may take; a member is offered those they have. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery-code', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The `data` of a SECOND_FACTOR_REQUIRED answer to POST auth/login. */
export const secondFactorChallengeData = z.object({
  challenge: z.string(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  expiresAt: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeData>;

/** How long a second factor proved in a session counts for step-up (decision 0047). */
export const STEP_UP_WINDOW_MINUTES = 5;
export const STEP_UP_REQUIRED = 'Confirm it is you with a code from your authenticator app';

/** POST auth/second-factor/verify: a code proves the factor for this session (step-up). */
export const stepUpBody = z.object({ code: secondFactorCode });
export type StepUpBody = z.input<typeof stepUpBody>;
export const stepUpData = z.object({ freshUntil: z.string() });
export type StepUpData = z.infer<typeof stepUpData>;

/** POST auth/login/second-factor: the challenge and a code; answers like auth/login. */
export const secondFactorLoginBody = z.object({
  challenge: z
    .string({ error: () => requiredMessage('Challenge') })
    .min(1, requiredMessage('Challenge'))
    .max(100),
  code: secondFactorCode,
});
export type SecondFactorLoginBody = z.input<typeof secondFactorLoginBody>;

/**
 * What a WebAuthn challenge is for: adding a passkey, the second step of a sign-in, a sign-in with
 * a passkey alone, or a step-up.
 */
export const WEBAUTHN_PURPOSES = [
  'register',
  'second-factor',
  'passkey-sign-in',
  'step-up',
] as const;
export type WebauthnPurpose = (typeof WEBAUTHN_PURPOSES)[number];
