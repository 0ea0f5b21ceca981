/**
 * jsdom has no media queries; after this, every one answers as a 390 px screen would (MUI's
 * `down('sm')` asks for a max-width). Undo with `resetScreen` after the test.
 */
export function asPhone(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('max-width'),
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
