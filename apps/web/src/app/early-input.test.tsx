import { afterEach, describe, expect, it } from 'vitest';
import { earlyInput, forgetEarlyInput, takeOverEarlyInput } from './early-input.ts';
import { EARLY_SUBMIT_KEY } from './prerendered-page.ts';

// What happens to the text and the submit on the page itself: prerender.test.tsx.

const holder = () => (window as unknown as Record<string, unknown>)[EARLY_SUBMIT_KEY];

afterEach(forgetEarlyInput);

describe('takeOverEarlyInput', () => {
  it("takes the submit the page held and ends the page's holding", () => {
    (window as unknown as Record<string, unknown>)[EARLY_SUBMIT_KEY] = { submitted: true };
    takeOverEarlyInput();
    expect(earlyInput()).toEqual({ submitted: true });
    expect(holder()).toBeNull();
  });

  it('takes no submit when the page held none, or had no holder', () => {
    (window as unknown as Record<string, unknown>)[EARLY_SUBMIT_KEY] = { submitted: false };
    takeOverEarlyInput();
    expect(earlyInput()).toEqual({ submitted: false });
    forgetEarlyInput();
    takeOverEarlyInput();
    expect(earlyInput()).toEqual({ submitted: false });
    forgetEarlyInput();
    expect(earlyInput()).toBeNull();
  });
});
