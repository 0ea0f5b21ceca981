import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The attribute of the style element in a prerendered page's head that holds the rules of its
 * screens (build/page-html.ts): the names of the styles emotion wrote for them, which would
 * otherwise be in `data-emotion="css …"`.
 */
export const PRERENDERED_STYLES_ATTRIBUTE = 'data-prerendered-styles';

let browserCache: EmotionCache | undefined;

/**
 * The app's emotion cache in the browser, told which styles the page already carries. Emotion
 * moves every style element it finds under `data-emotion` to the end of the head and takes it
 * over, and the browser parses a moved element's rules again: 3–5 ms on a fast computer for the
 * frame's 100 KB, about 30 ms with the CPU slowed six times (decision 0067). Under an attribute
 * of its own the element stays where the parser put it, and the cache skips the styles it names
 * as it would ones it had inserted itself. Null outside a browser: the build's prerender lets
 * emotion make a cache for each render, whose styles it writes beside the markup.
 */
export function styleCache(): EmotionCache | null {
  if (typeof document === 'undefined') return null;
  if (!browserCache) {
    browserCache = createCache({ key: 'css' });
    const names = document
      .querySelector(`style[${PRERENDERED_STYLES_ATTRIBUTE}]`)
      ?.getAttribute(PRERENDERED_STYLES_ATTRIBUTE);
    for (const name of names?.split(' ') ?? []) if (name) browserCache.inserted[name] = true;
  }
  return browserCache;
}
