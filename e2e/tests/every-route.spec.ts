import type { Page } from '@playwright/test';
import { dataOf, expect, test } from './fixtures.ts';
import { screenshot, seriousViolations, watchConsole, WIDTHS } from './support.ts';

// Every route of the app and every menu entry, opened at the three widths the app is built for:
// each draws its screen (an h1, no skeleton left), logs no console error and has no serious or
// critical accessibility violation found by axe-core. Written out here, not read from the app's
// route table, so a route that disappears fails this test.

const SIGNED_IN = [
  '/dashboard',
  '/profile',
  '/fund',
  '/packages',
  '/fund/investments',
  '/fund/deposits',
  '/fund/deposit-history',
  '/fund/withdrawal',
  '/fund/withdrawal-history',
  '/fund/compounding-withdrawal-history',
  '/fund/transaction-history',
  '/payout',
  '/income/referral-bonus',
  '/income/team-level-bonus',
  '/income/team-profit',
  '/income/trade-income',
  '/income/weekly-income',
  '/income/monthly-income',
  '/income/compounding-income',
  '/team/referral-team',
  '/team/level-team',
  '/team/team-analysis',
  '/rewards',
  '/query',
  '/btc-usdt',
  '/payment/success',
  '/payment/failed',
  // An unknown single segment is the not-found page inside the shell.
  '/no-such-pair',
];

const PUBLIC = ['/', '/register', '/verify-otp', '/forgot-password', '/reset-password'];

/** Scrolls through the page a screen at a time (cards further down load as they near it), then back up. */
const scrollThrough = (page: Page) =>
  page.evaluate(async () => {
    // Runs in the browser; the e2e project has no DOM types.
    const browser = globalThis as unknown as {
      scrollTo: (x: number, y: number) => void;
      innerHeight: number;
      document: { body: { scrollHeight: number } };
    };
    for (let y = 0; y < browser.document.body.scrollHeight; y += browser.innerHeight / 2) {
      browser.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

/**
 * Waits until the screen is drawn: its heading is up and, once scrolled through, nothing is
 * still loading; then back at the top.
 */
async function waitForScreen(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await scrollThrough(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0),
  );
}

/** Opens each path at `width`, checking it; the failures of all of them, at once. */
async function visitAll(page: Page, paths: string[], width: number) {
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
    const name = path === '/' ? 'sign-in' : path.slice(1).replaceAll('/', '-');
    await screenshot(page, `route-${name}`, width);
  }
  expect(problems).toEqual([]);
}

test.describe.configure({ timeout: 300_000 });

for (const width of WIDTHS) {
  test(`every signed-in route at ${width} px: drawn, no console error, no serious axe violation`, async ({
    page,
    baseURL,
    login,
    request,
  }) => {
    const member = await login({ fundDollars: 1_000 });
    // Something in the lists: a package bought, so the investments and statement have rows.
    const headers = { Authorization: `Bearer ${member.token}` };
    const catalogue = await dataOf<{ data: { id: string; name: string }[] }>(
      request.get(`${baseURL}/api/v1/package`, { headers }),
    );
    const starter = catalogue.data.find((offer) => offer.name === 'Starter')!;
    await dataOf(
      request.post(`${baseURL}/api/v1/package/buy-package`, {
        headers,
        data: { packageId: starter.id, amount: 100 },
      }),
    );
    await visitAll(page, SIGNED_IN, width);
  });

  test(`every public route at ${width} px: drawn, no console error, no serious axe violation`, async ({
    page,
  }) => {
    await visitAll(page, PUBLIC, width);
  });
}
