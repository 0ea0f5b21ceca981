import { afterEach, describe, expect, it } from 'vitest';
import { resetScreen } from '../testing/media.ts';
import { COLOUR_MODE_KEY, COLOUR_SCHEME_ATTRIBUTE, colourSchemeScript } from './colour-scheme.ts';

/** Runs the page's head script as a browser would, on a device that prefers `device`. */
function runHeadScript(device: 'light' | 'dark') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: query === `(prefers-color-scheme: ${device})` }),
  });
  new Function(colourSchemeScript())();
  return document.documentElement.getAttribute(COLOUR_SCHEME_ATTRIBUTE);
}

afterEach(() => {
  resetScreen();
  document.documentElement.removeAttribute(COLOUR_SCHEME_ATTRIBUTE);
});

describe("the page's colour scheme script", () => {
  it("follows the device when nothing or 'system' is stored", () => {
    expect(runHeadScript('dark')).toBe('dark');
    expect(runHeadScript('light')).toBe('light');
    localStorage.setItem(COLOUR_MODE_KEY, 'system');
    expect(runHeadScript('dark')).toBe('dark');
  });

  it('keeps the choice stored on this device over the device', () => {
    localStorage.setItem(COLOUR_MODE_KEY, 'light');
    expect(runHeadScript('dark')).toBe('light');
    localStorage.setItem(COLOUR_MODE_KEY, 'dark');
    expect(runHeadScript('light')).toBe('dark');
  });
});
