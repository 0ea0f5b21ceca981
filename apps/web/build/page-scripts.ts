// Pieces of the plain JavaScript the build writes into the pages' inline scripts.

/** Adds a modulepreload link (as Vite writes them: crossorigin) for each URL of `hrefs`. */
export const preloadModules = (hrefs: string) => `for (const href of ${hrefs}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }`;

/**
 * Runs `body` once the browser has drawn the page's first frame: a task after the frame's
 * animation callbacks, so the frame is painted before the task runs (a tab in the background
 * draws no frame, and runs it once shown).
 */
export const afterFirstFrame = (body: string) => `requestAnimationFrame(() => setTimeout(() => {
  ${body}
}));`;

/**
 * The visitor's first reach for the page: a tap or click, a key, text put in a field (a phone's
 * keyboard may send no key events). Not focus: the page's own autofocus moves it on load.
 */
const FIRST_USE_EVENTS = ['pointerdown', 'keydown', 'input'];

/**
 * Runs `body` at the visitor's first use of the page (FIRST_USE_EVENTS, caught on the window
 * before any element sees them), once.
 */
export const atFirstUse = (body: string) => `const events = ${JSON.stringify(FIRST_USE_EVENTS)};
const startOnce = () => {
  for (const type of events) removeEventListener(type, startOnce, true);
  ${body}
};
for (const type of events) addEventListener(type, startOnce, true);`;
