import { paths } from '../config/paths.ts';
import { NO_PASSKEYS, PASSKEY_BUTTON_ATTRIBUTE } from '../lib/webauthn.ts';

/**
 * The first screens the build paints into their pages (build/html-pages.ts, app/prerender.tsx):
 * the sign-in, which the app hydrates, and the signed-in frame's skeleton, which it replaces.
 * The page names its screen on <html data-prerendered="…">.
 */
export type PrerenderedScreen = 'sign-in' | 'frame';

/** The paths whose page is the prerendered sign-in. */
export const SIGN_IN_PATHS: string[] = [paths.signIn, paths.login];

/**
 * What the page's head script (see prerenderedGuardScript) writes on <html> instead of the
 * screen's name when the app will not keep that screen: the sign-in while a session is stored
 * (the app goes to the dashboard), the frame while none is (the app goes to the sign-in). The
 * page hides it until the app draws its own first screen, as it was blank before.
 */
export const STALE = 'stale';

/**
 * The CSS the prerendered pages carry in their head: it hides a stale prerendered screen, and a
 * passkey button this browser cannot use (lib/webauthn.ts).
 */
export const PRERENDERED_PAGE_RULES = `html[data-prerendered=${STALE}] #root{display:none}html[${NO_PASSKEYS}] [${PASSKEY_BUTTON_ATTRIBUTE}]{display:none}`;

/**
 * Where the head script holds a form submitted before the app has taken the page over, for the
 * app to send (app/early-input.ts): `{ submitted }` until the app takes it, then null.
 */
export const EARLY_SUBMIT_KEY = 'memberInvestEarlySubmit';

/**
 * The head script of a prerendered page, plain JavaScript run before the body is parsed. It
 * marks the screen stale when the app will not keep it, judging the session as the app does
 * (lib/auth-store.ts: a JSON-encoded, non-blank string), and whether passkeys can be used here
 * as lib/webauthn.ts does. And until the app has taken the page
 * over, it holds back a submit: the browser's own would send the sign-in as a GET to the same
 * address, the password in its query.
 */
export function prerenderedGuardScript(tokenKey: string): string {
  const early = `window[${JSON.stringify(EARLY_SUBMIT_KEY)}]`;
  return `{
const root = document.documentElement;
const stored = localStorage.getItem(${JSON.stringify(tokenKey)});
let token = stored;
try { token = JSON.parse(stored); } catch {}
const signedIn = typeof token === 'string' && token.trim() !== '';
if (signedIn !== (root.dataset.prerendered === 'frame')) root.dataset.prerendered = ${JSON.stringify(STALE)};
if (!(window.isSecureContext && typeof window.PublicKeyCredential === 'function')) root.setAttribute(${JSON.stringify(NO_PASSKEYS)}, '');
${early} = { submitted: false };
document.addEventListener('submit', (event) => {
  if (!${early}) return;
  event.preventDefault();
  ${early}.submitted = true;
}, true);
}`;
}

/**
 * A condition in plain JavaScript, read on the page after its head script: the app will hydrate
 * the prerendered sign-in as it is (the conditions of app/hydration.ts's canHydrateSignIn that
 * the page can see: not marked stale for a stored session, no query, no router state, no stored
 * referral code). Then the page is a working sign-in form until the visitor uses it, and the
 * app's scripts wait for that first use (build/page-html.ts); otherwise the app changes the
 * screen and starts at once.
 */
export const keepsPrerenderedSignIn = (referralKey: string): string =>
  `document.documentElement.dataset.prerendered === 'sign-in' && location.search === '' && (history.state?.usr ?? null) === null && localStorage.getItem(${JSON.stringify(referralKey)}) === null`;

/** The prerendered screen this page arrived with (or STALE), read before the app replaces it. */
export const prerenderedScreen = (): string | undefined =>
  document.documentElement.dataset.prerendered;

/** The app's first commit: the screen on the page is the app's own from now on. */
export function releasePrerendered(): void {
  delete document.documentElement.dataset.prerendered;
}
