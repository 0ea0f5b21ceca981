import { z } from 'zod';
import { PASSWORD_MAX } from './auth.ts';
import { passwordText, requiredText } from './fields.ts';
import { requiredMessage } from './messages.ts';

// Passkeys (WebAuthn, decision 0048): a member may register several, name them, and use one as
// the second step of a sign-in, for step-up, or, where the member allows it, to sign in alone
// without a password. The browser's WebAuthn JSON passes through these schemas as it is: the
// server's WebAuthn library checks every byte of it.

export const passkeyLabels = {
  name: 'Passkey name',
  password: 'Password',
  response: 'Passkey answer',
} as const;

export const PASSKEY_NAME_MAX = 60;
export const PASSKEYS_MAX = 10;

export const PASSKEY_NOT_ACCEPTED = 'This passkey was not accepted. Try again or use another way.';
export const PASSKEY_UNAVAILABLE =
  'Passkeys need this site to be served under its domain name. Please contact support.';
export const PASSKEY_ALREADY_ADDED = 'This passkey is already added to an account';
export const PASSKEY_LIMIT = `You can add at most ${PASSKEYS_MAX} passkeys`;
export const PASSKEY_SIGN_IN_NEEDS_PASSKEY = 'Add a passkey first';

/** WebAuthn options for navigator.credentials.create/get, in the standard's JSON form. */
export const webauthnOptionsData = z.object({ options: z.record(z.string(), z.unknown()) });
export type WebauthnOptionsData = z.infer<typeof webauthnOptionsData>;

/** The browser's answer (RegistrationResponseJSON or AuthenticationResponseJSON), as it is. */
export const webauthnResponse = z.record(z.string(), z.unknown(), {
  error: () => requiredMessage(passkeyLabels.response),
});

const name = requiredText(passkeyLabels.name, PASSKEY_NAME_MAX);

/** POST auth/passkeys/options: the password again, so a stolen session cannot add a passkey. */
export const passkeyOptionsBody = z.object({
  password: passwordText(passkeyLabels.password, PASSWORD_MAX),
});
export type PasskeyOptionsBody = z.input<typeof passkeyOptionsBody>;

/** POST auth/passkeys: the browser's answer to those options, and the member's name for it. */
export const passkeyAddBody = z.object({ name, response: webauthnResponse });
export type PasskeyAddBody = z.input<typeof passkeyAddBody>;

/** PATCH auth/passkeys/:id */
export const passkeyRenameBody = z.object({ name });
export type PasskeyRenameBody = z.input<typeof passkeyRenameBody>;

/** PUT auth/passkeys/sign-in: whether a passkey may sign in on its own. */
export const passkeySignInBody = z.object({
  enabled: z.boolean({ error: () => requiredMessage('Enabled') }),
});
export type PasskeySignInBody = z.input<typeof passkeySignInBody>;

export const passkeyView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced across the member's devices by their platform (as the authenticator reports). */
  backedUp: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyView>;

/** GET auth/passkeys, and the console's view of a member's. */
export const passkeysData = z.object({
  passkeys: z.array(passkeyView),
  /** Whether a passkey may sign in on its own, with no password. */
  passkeySignIn: z.boolean(),
});
export type PasskeysData = z.infer<typeof passkeysData>;

/**
 * POST auth/passkeys answers the new passkey and, when it is the member's first second factor,
 * the 10 recovery codes that stand in for it if the device is lost (shown once), else null.
 */
export const passkeyAddedData = z.object({
  passkey: passkeyView,
  recoveryCodes: z.array(z.string()).nullable(),
});
export type PasskeyAddedData = z.infer<typeof passkeyAddedData>;

const challenge = z
  .string({ error: () => requiredMessage('Challenge') })
  .min(1, requiredMessage('Challenge'))
  .max(100);

/** POST auth/login/second-factor/passkey-options: the challenge of the password step. */
export const passkeySecondStepOptionsBody = z.object({ challenge });

/** POST auth/login/second-factor/passkey: that challenge and the browser's answer. */
export const passkeySecondStepBody = z.object({ challenge, response: webauthnResponse });
export type PasskeySecondStepBody = z.input<typeof passkeySecondStepBody>;

/** POST auth/passkey-sign-in and POST auth/second-factor/verify-passkey: the browser's answer. */
export const passkeyAnswerBody = z.object({ response: webauthnResponse });
export type PasskeyAnswerBody = z.input<typeof passkeyAnswerBody>;
