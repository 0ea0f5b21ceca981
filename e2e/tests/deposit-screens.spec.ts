import type { Page } from '@playwright/test';
import { dataOf, expect, newTxHash, operatorApi, pendingIdOf, test } from './fixtures.ts';
import { screenshot, watchConsole, WIDTHS } from './support.ts';

// The deposit and compounding screens against the real server, with a member of the test's
// own, whose deposits the operator confirms or rejects. No gateway is configured on the e2e
// server, so manual is the only provider.

/** Creates a manual deposit through the form; returns the instructions region. */
async function createManualDeposit(page: Page, amount: string) {
  await page.goto('/fund/deposits');
  const form = page.getByRole('form', { name: 'Deposit' });
  await form.getByLabel('Amount').fill(amount);
  await form.getByRole('button', { name: 'Continue' }).click();
  return page.getByRole('region', { name: /^Send \$/ });
}

async function saveHash(page: Page, scope: ReturnType<Page['getByRole']>, hash: string) {
  await scope.getByRole('textbox', { name: 'Transaction hash' }).fill(hash);
  await scope.getByRole('button', { name: 'Save hash' }).click();
  await expect(page.getByText(/Transaction hash saved/).first()).toBeVisible();
}

test('a member deposits by manual transfer, follows the deposits in the history, and meets the compounding screens', async ({
  page,
  baseURL,
  login,
}) => {
  // Three deposits, an operator's decisions, a live update waited for up to 30 s and screenshots
  // at three widths: over the default minute on a loaded machine, which is no speed check.
  test.setTimeout(180_000);
  const consoleErrors = watchConsole(page);
  const member = await login({ name: 'Deposit Screens' });

  // Only manual on this server: said plainly, without a one-option choice.
  await page.goto('/fund/deposits');
  // Before any money moves, the page says what can be withdrawn and what cannot.
  await expect(page.getByRole('note', { name: 'Before you deposit' })).toContainText(
    'The fund wallet cannot be withdrawn',
  );
  const form = page.getByRole('form', { name: 'Deposit' });
  await expect(form.getByText('Manual transfer')).toBeVisible();
  await expect(form.getByRole('radio')).toHaveCount(0);
  await form.getByLabel('Amount').fill('9.5');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Amount must be at least $10')).toBeVisible();
  for (const width of WIDTHS) await screenshot(page, 'deposits', width);

  const instructions = await createManualDeposit(page, '250');
  await expect(instructions).toContainText('$250.00');
  await expect(instructions.getByRole('button', { name: 'Copy address' })).toBeVisible();
  await expect(instructions.getByText('TRC-20', { exact: true })).toBeVisible();
  for (const width of WIDTHS) await screenshot(page, 'deposit-manual', width);
  await saveHash(page, instructions, newTxHash());

  await saveHash(page, await createManualDeposit(page, '75'), newTxHash());
  await expect(await createManualDeposit(page, '40')).toContainText('$40.00');

  // The history open on a phone while the operator works: it updates by itself, no navigation.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fund/deposit-history');
  const waitingDeposit = page
    .getByRole('list', { name: 'Deposits' })
    .getByRole('listitem')
    .filter({ hasText: '$250.00' });
  await expect(waitingDeposit).toContainText('Pending');

  const operator = await operatorApi(baseURL!);
  const confirmed = await pendingIdOf(operator, 'deposits', member.code, 250);
  await dataOf(operator.post(`/api/v1/operator/deposits/${confirmed}/confirm`));
  const rejected = await pendingIdOf(operator, 'deposits', member.code, 75);
  await dataOf(
    operator.post(`/api/v1/operator/deposits/${rejected}/reject`, {
      data: { reason: 'No transfer with this hash reached our address' },
    }),
  );
  await operator.dispose();
  // The app reads its notifications every 10 s; the new one makes it read the history again.
  await expect(waitingDeposit).toContainText('Confirmed', { timeout: 30_000 });
  await screenshot(page, 'deposit-history-live', 390);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/fund/deposit-history');
  const table = page.getByRole('table', { name: 'Deposits' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row', { name: /\$250\.00.*Confirmed/ })).toBeVisible();
  await expect(table.getByText('No transfer with this hash reached our address')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Wallet balance' })).toContainText('$250.0000');
  for (const width of WIDTHS) {
    await screenshot(page, 'deposit-history', width);
    if (width === 390) await expect(page.getByRole('list', { name: 'Deposits' })).toBeVisible();
  }

  // The $40 deposit still waits for its hash: added from the history.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(table).toBeVisible();
  await page.getByRole('button', { name: 'Add transaction hash' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add transaction hash' });
  await expect(dialog).toContainText('$40.00');
  await screenshot(page, 'deposit-add-hash-dialog', 1280);
  await saveHash(page, dialog, newTxHash());
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add transaction hash' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Rejected' }).click();
  await expect(page).toHaveURL(/status=rejected/);
  await expect(table.getByRole('row')).toHaveCount(2);

  for (const status of ['success', 'pending', 'failed', 'cancelled']) {
    await page.goto(`/payment/${status}`);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Deposit history' }),
    ).toBeVisible();
    for (const width of status === 'success' || status === 'failed' ? WIDTHS : [1280])
      await screenshot(page, `payment-${status}`, width);
  }

  // No profit yet: the move dialog shows $0 available and refuses before sending.
  await page.goto('/fund');
  await page.getByRole('button', { name: 'Move to compounding' }).click();
  const move = page.getByRole('dialog', { name: 'Move to compounding' });
  await expect(move.getByLabel('Profit wallet available')).toHaveText('$0.0000');
  await move.getByLabel('Amount').fill('10');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move.getByText('Your profit wallet has $0.00 available')).toBeVisible();
  await expect(move).toContainText('0.1');
  for (const width of WIDTHS) await screenshot(page, 'fund-move-to-compounding', width);
  await move.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/income/compounding-income');
  await expect(page.getByText('No compounding income yet')).toBeVisible();
  for (const width of WIDTHS) await screenshot(page, 'compounding-income', width);

  expect(consoleErrors).toEqual([]);
});
