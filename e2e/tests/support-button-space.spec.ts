import type { Locator, Page } from '@playwright/test';
import { expect, OPERATOR, test } from './fixtures.ts';
import {
  DEMO_PASSWORD,
  screenshot,
  scrollToSwappingPlace,
  signIn,
  signInToConsole,
  watchConsole,
} from './support.ts';

// The floating support button covers nothing (it covered the CLAIM button at 390 px and the
// rank's "5 of 5 (100 %)" and a chart's price labels at 1280): it sits in the bottom bar's right
// end on a phone and in a lane the content leaves free wider. And the console's member screens
// fit a phone without cutting a column.

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'a box on screen').not.toBeNull();
  return found!;
};

const supportButton = (page: Page) => page.getByRole('link', { name: 'Support' }).last();

test('the support button has a space of its own on a phone and wider', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await signIn(page, 'DEMOROOT', DEMO_PASSWORD);
  const claim = page.getByRole('button', { name: 'CLAIM' });
  await expect(claim).toBeVisible();

  // A phone: inside the bottom bar, beside the four tabs (each label on one line).
  const bar = await box(page.getByRole('navigation', { name: 'Quick navigation' }));
  const fab = await box(supportButton(page));
  expect(fab.y).toBeGreaterThanOrEqual(bar.y);
  const lastTab = await box(page.getByRole('link', { name: 'Profile' }).last());
  expect(lastTab.x + lastTab.width).toBeLessThanOrEqual(fab.x);
  const wallet = await box(page.getByRole('link', { name: 'My Wallet' }));
  expect(wallet.height).toBeLessThanOrEqual(bar.height);
  // The CLAIM button scrolled near the bottom of the screen: above the bar, not under the button.
  await claim.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await page.evaluate('window.scrollBy(0, 100)');
  await screenshot(page, 'support-button-phone', 390);
  const claimBox = await box(claim);
  expect(claimBox.y + claimBox.height).toBeLessThanOrEqual(bar.y);

  // Wider: the content ends before the button's lane, at every scroll position.
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The rank's progress, right-aligned: what it covered. The rank loads as its place nears the
    // viewport, so the place is scrolled to.
    await scrollToSwappingPlace(
      page
        .getByRole('region', { name: 'Next rank' })
        .or(page.getByRole('status', { name: 'Loading your rank' })),
    );
    const progress = page.getByText(/^\d+\sof\s\d+\s\(\d+\s%\)$/).first();
    await expect(progress).toBeVisible();
    await progress.scrollIntoViewIfNeeded();
    // The screen's content (inside the container's padding) ends 16 px before the button.
    const content = await box(page.locator('main > .MuiContainer-root > *').last());
    const button = await box(supportButton(page));
    expect(content.x + content.width + 16).toBeLessThanOrEqual(button.x);
    const figures = await box(progress);
    expect(figures.x + figures.width).toBeLessThanOrEqual(button.x);
    await screenshot(page, 'support-button-lane', width);
  }
  expect(errors).toEqual([]);
});

test("the console's member list and page fit a phone", async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToConsole(page, OPERATOR.email, OPERATOR.password);
  await page.goto('/operator/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(page.getByText('Mobile').first()).toBeVisible();
  // A string runs in the browser: the e2e project has no DOM types.
  const pageWidth = () => page.evaluate<number>('document.documentElement.scrollWidth');
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await screenshot(page, 'console-members-phone', 390);

  await page.getByLabel('Search').fill('demoroot');
  await page.getByRole('link', { name: 'Demo Root' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Root' })).toBeVisible();
  const dialCode = page
    .getByRole('definition')
    .filter({ hasText: /^\+\d+$/ })
    .first();
  await expect(dialCode).toBeVisible();
  const code = await box(dialCode);
  expect(code.x + code.width).toBeLessThanOrEqual(390);
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await screenshot(page, 'console-member-phone', 390);
  expect(errors).toEqual([]);
});
