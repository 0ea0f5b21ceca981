// The web tests of one worker share one module graph (build/test-projects.ts), as the
// API's do. A screen the app imports when first needed, still loading when its test file ends,
// then fails to load ("after the environment was torn down"), and that failure stays cached for
// every later file of the worker. So each worker loads all of the app's modules, and the packages
// it imports lazily, before its first test: no import is ever in flight when a file ends.

const appModules = import.meta.glob([
  '../**/*.{ts,tsx}',
  '!../**/*.test.{ts,tsx}',
  '!../testing/**',
  // The entry renders the app into the page as it is imported; the prerender runs in Node at
  // build time, not in the page.
  '!../main.tsx',
  '!../app/prerender.tsx',
]);

/** The packages the app's code imports with `import('…')` (app-modules.test.ts keeps this whole). */
export const LAZY_PACKAGES: Record<string, () => Promise<unknown>> = {
  qrcode: () => import('qrcode'),
  '@simplewebauthn/browser': () => import('@simplewebauthn/browser'),
};

let loading: Promise<unknown> | undefined;

/** Loads every module of the app once per worker; later calls wait for the same loads. */
export function loadAppModules(): Promise<unknown> {
  loading ??= Promise.all(
    [...Object.values(appModules), ...Object.values(LAZY_PACKAGES)].map((load) => load()),
  );
  return loading;
}
