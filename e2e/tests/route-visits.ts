import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { saveScreenshot, watchConsole } from './support.ts';

// Opening a list of screens and checking each: the every-route checks of the member app and of
// the operator console.

/**
 * Scrolls through the page half a screen at a time, holding each place for two frames so the
 * cards coming into view are seen (their placeholders are busy until then, which waitForScreen
 * waits out).
 */
const scrollThrough = (page: Page) =>
  page.evaluate(async () => {
    // Runs in the browser; the e2e project has no DOM types.
    const browser = globalThis as unknown as {
      scrollTo: (x: number, y: number) => void;
      requestAnimationFrame: (callback: () => void) => void;
      innerHeight: number;
      document: { body: { scrollHeight: number } };
    };
    for (let y = 0; y < browser.document.body.scrollHeight; y += browser.innerHeight / 2) {
      browser.scrollTo(0, y);
      await new Promise<void>((resolve) =>
        browser.requestAnimationFrame(() => browser.requestAnimationFrame(resolve)),
      );
    }
  });

/**
 * Waits until the screen is drawn: its heading is up and, once scrolled through, nothing is
 * still loading; then back at the top. A placeholder that waits to be seen (a QR code) and
 * arrived above the viewport once the scroll had passed its place is brought into view.
 */
async function waitForScreen(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await scrollThrough(page);
  const busy = page.locator('[aria-busy="true"]');
  await expect(async () => {
    if ((await busy.count()) > 0) await busy.first().scrollIntoViewIfNeeded({ timeout: 1_000 });
    await expect(busy).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0),
  );
}

/** Opens each path at `width`, checking it; the failures of all of them, at once. */
export async function visitAll(page: Page, paths: string[], width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  const problems: string[] = [];
  for (const path of paths) {
    const errors = watchConsole(page);
    await page.goto(path);
    await waitForScreen(page);
    const violations = await seriousViolations(page);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
    for (const error of errors) problems.push(`${path} @${width}: console: ${error}`);
    for (const violation of violations) problems.push(`${path} @${width}: axe: ${violation}`);
    const name = path === '/' ? 'sign-in' : path.slice(1).replaceAll('/', '-').replaceAll('?', '-');
    await saveScreenshot(page, `route-${name}`, width);
  }
  expect(problems).toEqual([]);
}
