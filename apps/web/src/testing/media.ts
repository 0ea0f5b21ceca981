/**
 * jsdom has no media queries; after this, every one answers as a 390 px screen would (MUI's
 * `down('sm')` asks for a max-width). Undo with `resetScreen` after the test.
 */
export const asPhone = () => answerMediaQueries((query) => query.includes('max-width'));

/** Every media query answers as a 1280 px screen would (MUI's `up('lg')` asks for a min-width). */
export const asDesktop = () => answerMediaQueries((query) => query.includes('min-width'));

function answerMediaQueries(matches: (query: string) => boolean): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

export const resetScreen = () => Reflect.deleteProperty(window, 'matchMedia');
