import { useSyncExternalStore } from 'react';

// Passkeys in the browser (decision 0048), through @simplewebauthn/browser. The library loads
// when a passkey is first used, not with the app: most visits never touch one.

/** Why the browser did not give an answer, in the member's words. */
export class PasskeyCancelled extends Error {}

type Options = Record<string, unknown>;

/** Whether this browser can use passkeys at all (WebAuthn present, a secure context). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  typeof window.PublicKeyCredential === 'function';

/**
 * What a prerendered page's head script writes on <html> where the browser cannot use passkeys
 * (app/prerendered-page.ts): its CSS then hides the element marked with PASSKEY_BUTTON_ATTRIBUTE,
 * the prerendered passkey button, until the app removes it.
 */
export const NO_PASSKEYS = 'data-no-passkeys';
export const PASSKEY_BUTTON_ATTRIBUTE = 'data-passkey-button';

const neverChanges = () => () => undefined;

/**
 * passkeysSupported() for a component. The build has no browser to ask, so it prerenders the
 * common answer, yes: the sign-in's HTML then holds the passkey button, and the app's first
 * screen is as tall as the page's (were the button added at hydration, the card would grow and
 * move the SIGN IN button away from a finger or click already on its way). Where the browser
 * says no, the page hides the button from the first paint (prerendered-page.ts), and the app
 * removes it after hydrating.
 */
export const usePasskeysSupported = (): boolean =>
  useSyncExternalStore(neverChanges, passkeysSupported, () => true);

/** The browser's reasons for not answering, as the member should read them. */
function passkeyFailure(error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code ?? '';
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return new PasskeyCancelled(
      'The passkey request was cancelled or timed out. Please try again.',
    );
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return new PasskeyCancelled('This device already holds a passkey for your account.');
  return new PasskeyCancelled('This device could not use a passkey here. Try another way.');
}

/** navigator.credentials.create with the server's options; the answer to send back. */
export async function createPasskey(options: Options): Promise<Options> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return (await startRegistration({ optionsJSON: options as never })) as unknown as Options;
  } catch (error) {
    throw passkeyFailure(error);
  }
}

/** navigator.credentials.get with the server's options; the answer to send back. */
export async function answerWithPasskey(options: Options): Promise<Options> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return (await startAuthentication({ optionsJSON: options as never })) as unknown as Options;
  } catch (error) {
    throw passkeyFailure(error);
  }
}
