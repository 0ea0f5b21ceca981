import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveAccessToken, saveReferralCode } from '../lib/auth-store.ts';
import { canHydrateSignIn } from './hydration.ts';

const at = (url: string, state: unknown = null) => {
  window.history.replaceState(state, '', url);
  return canHydrateSignIn(window.location, window.history.state);
};

describe('canHydrateSignIn', () => {
  beforeEach(() => {
    document.documentElement.dataset.prerendered = 'sign-in';
  });
  afterEach(() => {
    delete document.documentElement.dataset.prerendered;
    window.history.replaceState(null, '', '/');
  });

  it('takes over the prerendered sign-in at / and /login for a visitor with nothing stored', () => {
    expect(at('/')).toBe(true);
    expect(at('/login')).toBe(true);
    // What react-router keeps in the history entry of a page it did not navigate to.
    expect(at('/', { usr: null, key: 'default', idx: 0 })).toBe(true);
  });

  it('draws afresh whatever the prerendered markup cannot show', () => {
    expect(at('/?referralCode=ABCD2345')).toBe(false);
    expect(at('/login?accessToken=abc')).toBe(false);
    expect(at('/', { usr: { isNewMember: true }, key: 'k', idx: 1 })).toBe(false);
    expect(at('/register')).toBe(false);
  });

  it('draws afresh with a stored referral code (the form starts with it) or a session', () => {
    saveReferralCode('ABCD2345');
    expect(at('/')).toBe(false);
    window.localStorage.clear();
    saveAccessToken('token');
    expect(at('/')).toBe(false);
  });

  it('draws afresh on a page without the prerendered sign-in, or one the head script hid', () => {
    document.documentElement.dataset.prerendered = 'stale';
    expect(at('/')).toBe(false);
    delete document.documentElement.dataset.prerendered;
    expect(at('/')).toBe(false);
  });
});
