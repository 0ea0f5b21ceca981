import { afterEach, describe, expect, it } from 'vitest';
import {
  EARLY_SUBMIT_KEY,
  prerenderedGuardScript,
  releasePrerendered,
  STALE,
} from './prerendered-page.ts';

/** The page's head script, run on a page that carries `screen`, with `stored` as the token. */
function runGuard(screen: string, stored: string | null) {
  document.documentElement.dataset.prerendered = screen;
  if (stored !== null) window.localStorage.setItem('accessToken', stored);
  new Function(prerenderedGuardScript('accessToken'))();
  return document.documentElement.dataset.prerendered;
}

afterEach(releasePrerendered);

describe('the head script of a prerendered page', () => {
  it('keeps the sign-in for a visitor and the frame for a member', () => {
    expect(runGuard('sign-in', null)).toBe('sign-in');
    expect(runGuard('frame', JSON.stringify('token'))).toBe('frame');
  });

  it('hides what the app will leave: the sign-in of a member, the frame of a visitor', () => {
    expect(runGuard('sign-in', JSON.stringify('token'))).toBe(STALE);
    window.localStorage.clear();
    expect(runGuard('frame', null)).toBe(STALE);
  });

  it('judges the session as the app does: a blank token is none, a bare one is one', () => {
    expect(runGuard('frame', JSON.stringify('  '))).toBe(STALE);
    expect(runGuard('frame', JSON.stringify(42))).toBe(STALE);
    expect(runGuard('frame', 'bare-token')).toBe('frame');
  });
});

describe('a form submitted before the app has taken the page over', () => {
  const held = () => (window as unknown as Record<string, unknown>)[EARLY_SUBMIT_KEY];
  const submit = () => {
    const form = document.body.appendChild(document.createElement('form'));
    const event = new Event('submit', { cancelable: true, bubbles: true });
    form.dispatchEvent(event);
    form.remove();
    return event;
  };

  it('is held for the app, never sent by the browser (the password would go in the address)', () => {
    runGuard('sign-in', null);
    expect(held()).toEqual({ submitted: false });
    expect(submit().defaultPrevented).toBe(true);
    expect(held()).toEqual({ submitted: true });
  });

  it("is the app's own once the app has taken what was held", () => {
    runGuard('sign-in', null);
    (window as unknown as Record<string, unknown>)[EARLY_SUBMIT_KEY] = null;
    expect(submit().defaultPrevented).toBe(false);
  });
});

it("lets the app's first commit take the page's screen over", () => {
  document.documentElement.dataset.prerendered = STALE;
  releasePrerendered();
  expect(document.documentElement.dataset.prerendered).toBeUndefined();
});
