import type { Page } from '@playwright/test';
import { expect, OPERATOR, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import {
  DEMO_PASSWORD,
  screenshot,
  signIn,
  signInToConsole,
  watchConsole,
  WIDTHS,
} from './support.ts';

// Dark mode follows the device (decision 0057): a phone set to dark gets the sign-in dark from
// the page's first paint, before any script of the app has run, and every screen after it dark
// and readable (axe's colour contrast among its checks); the switch in the menu and the profile
// overrides the device on this browser, and "System" returns to it. The console follows too.

test.use({ colorScheme: 'dark' });

/** The dark scheme's page background (lib/colour-scheme.ts's PAGE_BACKGROUND.dark). */
const DARK_PAGE = 'rgb(11, 18, 32)';
const LIGHT_PAGE = 'rgb(244, 246, 251)';

const scheme = (page: Page) => page.locator('html');
// Strings run in the browser: the e2e project has no DOM types.
const pageBackground = (page: Page) =>
  page.evaluate<string>('getComputedStyle(document.body).backgroundColor');

test('a phone set to dark gets every screen dark, readable, and the switch overrides it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const errors = watchConsole(page);

  await test.step('the prerendered sign-in paints dark before the app runs', async () => {
    await page.goto('/');
    // The page is still the build's (the app starts at the first use of the form).
    await expect(scheme(page)).toHaveAttribute('data-prerendered', 'sign-in');
    await expect(scheme(page)).toHaveAttribute('data-colour-scheme', 'dark');
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    await screenshot(page, 'dark-sign-in', 390);
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('the dashboard, its chart, a form and a table are dark and readable', async () => {
    await signIn(page, 'DEMOROOT', DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The earnings chart, below the fold, drawn once scrolled to.
    await page.getByText('Earnings, last 30 days').first().scrollIntoViewIfNeeded();
    const chart = page.getByRole('figure', { name: 'Earnings, last 30 days' });
    await expect(chart.locator('svg rect').first()).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate('window.scrollTo({ top: 0 })');
    for (const width of WIDTHS) await screenshot(page, 'dark-dashboard', width);
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'dark-dashboard-chart', 390);

    await page.goto('/fund/withdrawal');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Amount', { exact: false }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of WIDTHS) await screenshot(page, 'dark-withdrawal-form', width);

    await page.goto('/fund/transaction-history');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of WIDTHS) await screenshot(page, 'dark-transactions', width);
  });

  await test.step('the profile switch overrides the device and is kept', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile');
    const appearance = page.getByRole('region', { name: 'Appearance' });
    const switchGroup = appearance.getByRole('group', { name: 'Colour scheme' });
    await expect(switchGroup.getByRole('button', { name: 'System' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await switchGroup.getByRole('button', { name: 'Light' }).click();
    await expect(scheme(page)).toHaveAttribute('data-colour-scheme', 'light');
    await expect.poll(() => pageBackground(page)).toBe(LIGHT_PAGE);
    await appearance.scrollIntoViewIfNeeded();
    await screenshot(page, 'dark-profile-switched-light', 390);

    // Kept on this device: a new page load is light from its first paint, on a dark phone.
    await page.reload();
    await expect(scheme(page)).toHaveAttribute('data-colour-scheme', 'light');
    await expect(
      page
        .getByRole('region', { name: 'Appearance' })
        .getByRole('button', { name: 'Light', pressed: true }),
    ).toBeVisible();

    // The menu's switch, icons only, returns to the device's scheme.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menuSwitch = page.getByRole('dialog').getByRole('group', { name: 'Colour scheme' });
    await menuSwitch.getByRole('button', { name: 'System' }).click();
    await expect(scheme(page)).toHaveAttribute('data-colour-scheme', 'dark');
    await expect.poll(() => pageBackground(page)).toBe(DARK_PAGE);
    await screenshot(page, 'dark-menu', 390);
  });

  expect(errors).toEqual([]);
});

test('the console follows a dark device and its menu has the switch', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToConsole(page, OPERATOR.email, OPERATOR.password);
  await expect(scheme(page)).toHaveAttribute('data-colour-scheme', 'dark');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of WIDTHS) await screenshot(page, 'dark-console-overview', width);

  await page.goto('/operator/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await page.getByLabel('Search').fill('demoroot');
  await expect(page.getByRole('link', { name: 'Demo Root' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of WIDTHS) await screenshot(page, 'dark-console-members', width);

  await page.setViewportSize({ width: 1280, height: 900 });
  const menuSwitch = page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('group', { name: 'Colour scheme' });
  await menuSwitch.getByRole('button', { name: 'Light' }).click();
  await expect(scheme(page)).toHaveAttribute('data-colour-scheme', 'light');
  await menuSwitch.getByRole('button', { name: 'System' }).click();
  await expect(scheme(page)).toHaveAttribute('data-colour-scheme', 'dark');
  expect(errors).toEqual([]);
});
