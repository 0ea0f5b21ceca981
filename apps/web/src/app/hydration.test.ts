import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveAccessToken, saveReferralCode, storageKeys } from '../lib/auth-store.ts';
import { canHydrateSignIn } from './hydration.ts';
import { keepsPrerenderedSignIn } from './prerendered-page.ts';

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

describe("the page's own test, keepsPrerenderedSignIn, which holds the app until the first use", () => {
  const pageKeeps = () =>
    new Function(`return ${keepsPrerenderedSignIn(storageKeys.referralCode)};`)() as boolean;
  const cases: [string, unknown, () => void][] = [
    ['/', null, () => {}],
    ['/login', null, () => {}],
    ['/', { usr: null, key: 'default', idx: 0 }, () => {}],
    ['/?referralCode=ABCD2345', null, () => {}],
    ['/login?accessToken=abc', null, () => {}],
    ['/', { usr: { isNewMember: true }, key: 'k', idx: 1 }, () => {}],
    ['/', null, () => saveReferralCode('ABCD2345')],
    ['/', null, () => (document.documentElement.dataset.prerendered = 'stale')],
  ];
  afterEach(() => {
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('agrees with the app on every case the page can see', () => {
    for (const [url, state, arrange] of cases) {
      document.documentElement.dataset.prerendered = 'sign-in';
      window.localStorage.clear();
      arrange();
      window.history.replaceState(state, '', url);
      expect(pageKeeps(), url).toBe(canHydrateSignIn(window.location, window.history.state));
    }
    // A session is the head script's to judge: it marks the page stale, as the case above.
    saveAccessToken('token');
    document.documentElement.dataset.prerendered = 'sign-in';
    expect(canHydrateSignIn(window.location, window.history.state)).toBe(false);
  });
});
