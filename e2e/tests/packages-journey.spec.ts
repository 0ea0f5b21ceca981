import { expect, test } from './fixtures.ts';
import { screenshot, watchConsole, WIDTHS } from './support.ts';

test('a member buys a Starter package: preview, success dialog, lower fund balance, an Active investment', async ({
  page,
  login,
}) => {
  const consoleErrors = watchConsole(page);
  await login({ name: 'Package Buyer', fundDollars: 10_000 });
  await page.goto('/packages');
  await page.getByRole('button', { name: 'Buy Starter' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount').fill('100');
  const preview = dialog.getByLabel('Profit preview');
  await expect(preview).toContainText('$0.30');
  await expect(preview).toContainText('365');
  await expect(preview).toContainText('$109.50');
  await expect(preview).toContainText('Returned at the end');
  await expect(dialog.getByRole('note', { name: 'Before you buy' })).toContainText(
    'not returned at the end',
  );
  await screenshot(page, 'packages-buy-dialog', 1280);
  await screenshot(page, 'packages-buy-dialog', 390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const success = page.getByRole('dialog', { name: 'Package bought' });
  await expect(success).toContainText('$100.00');
  await expect(success).toContainText('0.3');
  await expect(success).toContainText('365');
  await expect(success).toContainText('$109.50');
  await expect(success).toContainText('Active');
  await screenshot(page, 'packages-success-dialog', 1280);
  await success.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('group', { name: 'Wallet balance' })).toContainText('$9,900.0000');

  await page.goto('/fund/investments');
  const starter = page.getByRole('article', { name: 'Starter' });
  await expect(starter).toContainText('Active');
  await expect(starter.getByRole('progressbar', { name: 'Starter progress' })).toBeVisible();

  // Nothing accrues on the purchase day: the dashboard's CLAIM is disabled.
  await page.goto('/dashboard');
  await expect(
    page.getByRole('region', { name: 'Daily profit' }).getByRole('button', { name: 'CLAIM' }),
  ).toBeDisabled();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/packages');
    await expect(page.getByRole('button', { name: 'Buy Pro' })).toBeVisible();
    await screenshot(page, 'packages', width);
    await page.goto('/fund/investments');
    await expect(page.getByRole('article', { name: 'Starter' })).toBeVisible();
    await screenshot(page, 'investments', width);
  }
  expect(consoleErrors).toEqual([]);
});
