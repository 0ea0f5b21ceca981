import axe, { type Result } from 'axe-core';
import { expect, type Page } from '@playwright/test';

// axe-core is put into the page once per document and run there, reporting the details of its
// violations only. @axe-core/playwright evaluated axe's 550 KB source twice per check and
// finished every run in a new blank page: 95 of the 169 CPU seconds of one width of the
// every-route check. The app draws no frames, and a page that has one fails here rather than
// going unchecked inside it.

/** The axe-core violations of the page as it is now: of `rules` only and inside `within`, if given. */
export async function axeViolations(
  page: Page,
  options: { within?: string; rules?: string[] } = {},
): Promise<Result[]> {
  expect(page.frames(), 'axe runs in the top document only').toHaveLength(1);
  const isLoaded = await page.evaluate(() => 'axe' in globalThis);
  // Through the DevTools protocol, as Playwright evaluates: the app's CSP allows no eval.
  if (!isLoaded) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ within, rules }) => {
      // Runs in the browser; the e2e project has no DOM types.
      type Animation = {
        finished: Promise<unknown>;
        effect: { getTiming: () => { iterations: number } } | null;
      };
      const browser = globalThis as unknown as {
        axe: typeof axe;
        document: {
          querySelector: (selector: string) => unknown;
          getAnimations: () => Animation[];
        };
      };
      // The screen as it settles, not halfway through a transition: a button whose loading has
      // just ended fades from its disabled grey to its colour in 250 ms, and its contrast
      // measured on the way fails. Endless animations (skeletons, spinners) are not waited for.
      const settling = browser.document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined));
      await Promise.race([
        Promise.all(settling),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]);
      const context = within ? browser.document.querySelector(within) : browser.document;
      // axe given null would check the whole page: a check of a missing element must fail.
      if (!context) throw new Error(`axe: nothing matches ${within}`);
      const results = await browser.axe.run(context as axe.ElementContext, {
        resultTypes: ['violations'],
        ...(rules && { runOnly: { type: 'rule', values: rules } }),
      });
      return results.violations;
    },
    { within: options.within, rules: options.rules },
  );
}

/** The serious and critical axe-core violations of the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          // What axe measured (the contrast and its colours, say) before the element's markup.
          .map(
            (node) =>
              `${node.target.join(' ')} ${node.any[0]?.message ?? ''} ${node.html.slice(0, 160)}`,
          )
          .join(', ')}`,
    );
}
