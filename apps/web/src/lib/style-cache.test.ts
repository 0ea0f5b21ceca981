import { afterEach, describe, expect, it } from 'vitest';
import { PRERENDERED_STYLES_ATTRIBUTE, styleCache } from './style-cache.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the style cache of a prerendered page', () => {
  it("takes the names of the page's prerendered styles as inserted, and leaves their element where the parser put it", () => {
    // As build/page-html.ts writes it, before another element of the head.
    document.head.innerHTML =
      `<style ${PRERENDERED_STYLES_ATTRIBUTE}="2b 4d">.css-2b{color:red}.css-4d{}</style>` +
      '<style id="after">p{}</style>';
    const prerendered = document.head.firstElementChild;

    const cache = styleCache()!;

    expect(cache.key).toBe('css');
    expect(cache.inserted['2b']).toBe(true);
    expect(cache.inserted['4d']).toBe(true);
    expect(cache.inserted['7z']).toBeUndefined();
    // Moved, the browser would parse its rules again.
    expect(document.head.firstElementChild).toBe(prerendered);
    expect(prerendered?.nextElementSibling?.id).toBe('after');
  });
});
