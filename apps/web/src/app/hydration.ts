import { getAccessToken, getStoredReferralCode } from '../lib/auth-store.ts';
import { prerenderedScreen, SIGN_IN_PATHS } from './prerendered-page.ts';

/**
 * Whether the app's first render here is certain to be the markup the build prerendered, so
 * it may hydrate it instead of drawing it again: the sign-in at its own path, and nothing the
 * build could not know that the screen shows (a session, which leaves for the dashboard; a
 * stored referral code or one in the address, which the form starts with; the query, e.g. a
 * handed-over token; the state the sign-up leaves for a new member). Otherwise a hydration
 * would find other markup than it renders, which React reports as an error and redraws.
 */
export function canHydrateSignIn(location: Location, historyState: unknown): boolean {
  const routerState = (historyState as { usr?: unknown } | null)?.usr;
  return (
    prerenderedScreen() === 'sign-in' &&
    SIGN_IN_PATHS.includes(location.pathname) &&
    location.search === '' &&
    (routerState === undefined || routerState === null) &&
    getAccessToken() === null &&
    getStoredReferralCode() === null
  );
}
