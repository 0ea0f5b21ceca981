import type { Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Toasts are read by everyone who moves money here: their text must stand out from their colour
// (WCAG AA, 4.5:1), which react-toastify's own colours fail (white on bright green is 2.6:1).
// axe checks the colour contrast of the toasts alone, while they are on screen.

async function toastContrastViolations(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, { within: '.Toastify', rules: ['color-contrast'] });
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => node.failureSummary ?? ''),
  );
}

test('success and error toasts can be read: colour contrast of at least 4.5:1', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await login({ name: 'Toast Reader' });

  // A success: the password changed.
  await page.goto('/profile');
  const card = page.getByRole('form', { name: 'Change password' });
  await card.getByLabel('Current password').fill(member.password);
  await card.getByLabel('New password').fill('a brand new passphrase 2026');
  await card.getByLabel('Confirm password').fill('a brand new passphrase 2026');
  await card.getByRole('button', { name: 'Change password' }).click();
  const success = page.locator('.Toastify__toast--success');
  await expect(success).toBeVisible();
  // Faded in all the way, so the colours measured are the ones read.
  await expect(success).toHaveCSS('opacity', '1');
  expect(await toastContrastViolations(page)).toEqual([]);

  // An error: the old password no longer works.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  // On the sign-in, not the profile it leaves (whose copy button's name holds the words too).
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Registered ID', { exact: true }).fill(member.code);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  const error = page.locator('.Toastify__toast--error');
  await expect(error).toBeVisible();
  await expect(error).toHaveCSS('opacity', '1');
  expect(await toastContrastViolations(page)).toEqual([]);
});
