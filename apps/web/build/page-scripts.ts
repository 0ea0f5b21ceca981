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
