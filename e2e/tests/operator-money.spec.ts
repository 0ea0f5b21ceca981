import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, newTxHash, OPERATOR, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import {
  codeAfter,
  mailsTo,
  screenshot,
  signInToConsole,
  toastsGone,
  watchConsole,
  WIDTHS,
} from './support.ts';

// The console's money area end to end: a member asks for a deposit and, later, a withdrawal on
// the member screens; the demo admin confirms and pays them in the console, each through its
// confirmation dialog; and the member's profit wallet is funded by a four-eyes adjustment that
// one finance operator proposes and another approves, in browsers of their own.

const PAYOUT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
// A member name and hashes of this run's own: a rerun beside this one (--repeat-each) never meets
// them in the console's lists, and a hash is accepted once.
const MEMBER_NAME = `Console Money ${randomBytes(3).toString('hex')}`;
const DEPOSIT_HASH = `0x${newTxHash()}`;
const PAYOUT_HASH = newTxHash();
const FINANCE = { email: 'finance@example.com', password: OPERATOR.password };
const FINANCE_2 = { email: 'finance2@example.com', password: OPERATOR.password };

test.use({ actionTimeout: 20_000 });

/** An operator in a browser of their own, signed in through the console's sign-in form. */
async function consoleOf(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInToConsole(page, account.email, account.password);
  return { page, errors, close: () => context.close() };
}

/** The queue narrowed to one member by the Registered ID filter, as an operator would. */
async function filterByMember(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Registered ID' }).fill(code);
  await expect(page).toHaveURL(new RegExp(`memberCode=${code}`));
}

async function screenshotAll(page: Page, url: string, name: string, ready: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto(url);
    await ready();
    await toastsGone(page);
    await screenshot(page, name, width);
    expect(await seriousViolations(page), `${name} @${width}`).toEqual([]);
  }
}

test('operators confirm a deposit, pay a withdrawal and approve an adjustment with four eyes', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(240_000);
  const memberErrors = watchConsole(page);
  const member = await login({ name: MEMBER_NAME });
  const admin = await consoleOf(browser, OPERATOR);

  await test.step('the member asks for a $300 manual deposit and gives its hash', async () => {
    await page.goto('/fund/deposits');
    const form = page.getByRole('form', { name: 'Deposit' });
    await form.getByLabel('Amount').fill('300');
    await form.getByRole('button', { name: 'Continue' }).click();
    const hash = page.getByRole('form', { name: 'Add transaction hash' });
    await hash.getByLabel('Transaction hash').fill(DEPOSIT_HASH);
    await hash.getByRole('button', { name: 'Save hash' }).click();
    await expect(page.getByText(/Transaction hash saved/).first()).toBeVisible();
  });

  const depositUrl =
    await test.step('the admin confirms it in the console, after a confirmation', async () => {
      const { page: console } = admin;
      await console.goto('/operator/deposits');
      await filterByMember(console, member.code);
      await console
        .getByRole('button', { name: `Open deposit of $300.00 from ${MEMBER_NAME}` })
        .click();
      const detail = console.getByRole('region', { name: 'Deposit' });
      await expect(detail).toContainText(member.email);
      await detail.getByRole('button', { name: 'Confirm deposit' }).click();
      const dialog = console.getByRole('dialog', { name: 'Confirm this deposit?' });
      await expect(dialog).toContainText(`$300.00 will be credited to ${MEMBER_NAME}'s`);
      // The dialog fades in: shoot it once it is opaque.
      await expect(console.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
      await screenshot(console, 'operator-deposit-confirm', 1280);
      await dialog.getByRole('button', { name: 'Credit $300.00' }).click();
      await expect(console.getByText('Deposit confirmed')).toBeVisible();
      await expect(detail.getByText('Confirmed', { exact: true })).toBeVisible();
      await expect(detail.getByRole('button', { name: 'Confirm deposit' })).toHaveCount(0);
      // The confirmed deposit left the pending queue.
      await expect(console.getByText('No deposits match')).toBeVisible();
      return console.url();
    });

  await test.step('finance proposes a $40 profit credit; finance2 approves it', async () => {
    const finance = await consoleOf(browser, FINANCE);
    await finance.page.goto('/operator/adjustments');
    await finance.page.getByRole('button', { name: 'Propose adjustment' }).click();
    const form = finance.page.getByRole('form', { name: 'Propose adjustment' });
    await form.getByLabel('Registered ID').fill(member.code);
    await form.getByRole('combobox', { name: 'Wallet' }).click();
    await finance.page.getByRole('option', { name: 'Profit' }).click();
    await form.getByLabel('Amount').fill('40');
    await form.getByLabel('Reason').fill('Trading bonus the gateway did not pay out');
    await form.getByLabel('Reference').fill('TICKET-4242');
    await screenshot(finance.page, 'operator-adjustment-propose', 1280);
    await form.getByRole('button', { name: 'Propose' }).click();
    await expect(finance.page.getByText(/Adjustment proposed/)).toBeVisible();
    const own = finance.page.getByRole('row', { name: new RegExp(MEMBER_NAME) }).first();
    await expect(own).toContainText('Waiting for another operator');
    await expect(own.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    await toastsGone(finance.page);
    await screenshot(finance.page, 'operator-adjustments-own', 1280);

    const finance2 = await consoleOf(browser, FINANCE_2);
    await finance2.page.goto('/operator/adjustments');
    await finance2.page
      .getByRole('button', { name: `Approve adjustment of $40.00 for ${MEMBER_NAME}` })
      .click();
    const dialog = finance2.page.getByRole('dialog', { name: 'Approve this adjustment?' });
    await expect(dialog).toContainText('proposed by finance@example.com');
    await dialog.getByRole('button', { name: 'Approve and post' }).click();
    await expect(finance2.page.getByText('Adjustment approved')).toBeVisible();

    expect([...finance.errors, ...finance2.errors]).toEqual([]);
    await finance.close();
    await finance2.close();
  });

  await test.step("the member's profit wallet shows the $40", async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Profit Wallet' })).toContainText('$40.00');
  });

  await test.step('the member saves a payout address and asks to withdraw $20 of profit', async () => {
    await page.goto('/fund/withdrawal');
    const card = page.getByRole('region', { name: 'Payout address' });
    await card.getByLabel('USDT address').fill(PAYOUT_ADDRESS);
    const mailed = mailsTo(member.email).length;
    await card.getByRole('button', { name: 'Send code' }).click();
    const step = card.getByRole('form', { name: 'Confirm payout address' });
    await step.getByLabel('Email code').fill(await codeAfter(member.email, mailed));
    await step.getByRole('button', { name: 'Save address' }).click();
    await expect(card.getByText(PAYOUT_ADDRESS)).toBeVisible();

    const form = page.getByRole('form', { name: 'Withdrawal' });
    await form.getByRole('radio', { name: /Profit wallet/ }).check();
    await form.getByRole('textbox', { name: 'Amount' }).fill('20');
    const before = mailsTo(member.email).length;
    await form.getByRole('button', { name: 'Send code' }).click();
    const confirm = page.getByRole('form', { name: 'Confirm withdrawal' });
    await confirm.getByLabel('Email code').fill(await codeAfter(member.email, before));
    await confirm.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(page).toHaveURL(/\/fund\/withdrawal-history$/);
  });

  const withdrawalUrl =
    await test.step('the admin pays it with the chain hash, after a confirmation', async () => {
      const { page: console } = admin;
      await console.goto('/operator/withdrawals');
      await filterByMember(console, member.code);
      await console
        .getByRole('button', { name: `Open withdrawal of $20.00 by ${MEMBER_NAME}` })
        .click();
      const detail = console.getByRole('region', { name: 'Withdrawal' });
      await expect(detail).toContainText('$19.00');
      // The network the address is on, and the address on that network's explorer.
      await expect(detail).toContainText('TRC-20');
      await expect(detail.getByRole('link', { name: 'Address on the explorer' })).toHaveAttribute(
        'href',
        `https://tronscan.org/#/address/${PAYOUT_ADDRESS}`,
      );
      // The menu counts the work waiting, this withdrawal among it.
      await expect(
        console
          .getByRole('navigation', { name: 'Main menu' })
          .getByRole('link', { name: /^Withdrawals, \d+ waiting$/ }),
      ).toBeVisible();
      await screenshot(console, 'operator-withdrawal-pending', 1280);
      const dialog = console.getByRole('dialog', { name: 'Record this withdrawal as paid?' });
      // On a phone (the withdrawal in a dialog of its own) the confirmation shows the whole
      // address, on the network it is sent on.
      await console.setViewportSize({ width: 390, height: 844 });
      const phoneDetail = console.getByRole('dialog', { name: 'Withdrawal' });
      await phoneDetail.getByRole('button', { name: 'Mark as paid' }).click();
      await expect(dialog).toContainText('USDT on TRC-20');
      const address = dialog.getByText(PAYOUT_ADDRESS, { exact: true });
      await expect(address).toBeVisible();
      const box = await address.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await screenshot(console, 'operator-withdrawal-pay-dialog', 390);
      expect(await seriousViolations(console)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await console.setViewportSize({ width: 1280, height: 900 });
      await detail.getByRole('button', { name: 'Mark as paid' }).click();
      await expect(dialog).toContainText(PAYOUT_ADDRESS);
      await screenshot(console, 'operator-withdrawal-pay-dialog', 1280);
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await expect(dialog.getByText(/Transaction hash is required|Enter valid/)).toBeVisible();
      await dialog.getByLabel('Transaction hash').fill(PAYOUT_HASH);
      // The typed hash's page on the explorer, to check before recording it.
      await expect(
        dialog.getByRole('link', { name: 'Check this transaction on the explorer' }),
      ).toHaveAttribute('href', new RegExp(`${PAYOUT_HASH}$`));
      await screenshot(console, 'operator-withdrawal-pay-dialog-hash', 1280);
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await expect(console.getByText('Withdrawal paid')).toBeVisible();
      await expect(detail.getByText('Paid', { exact: true })).toBeVisible();
      return console.url();
    });

  await test.step('the member sees the payout', async () => {
    await page.goto('/payout');
    await expect(page.getByRole('table', { name: 'Payouts' })).toContainText('$19.00');
  });

  await test.step('the three screens at 1280, 900 and 390 px', async () => {
    const { page: console } = admin;
    const all = (url: string) => url.replace('memberCode=', 'status=all&memberCode=');
    await screenshotAll(console, all(depositUrl), 'operator-deposits', () =>
      expect(console.getByText(member.email).first()).toBeVisible(),
    );
    await screenshotAll(console, all(withdrawalUrl), 'operator-withdrawals', () =>
      expect(console.getByText(PAYOUT_ADDRESS.slice(0, 6)).first()).toBeVisible(),
    );
    await screenshotAll(console, '/operator/adjustments?status=all', 'operator-adjustments', () =>
      expect(console.getByText(MEMBER_NAME).first()).toBeVisible(),
    );
  });

  expect(admin.errors).toEqual([]);
  expect(memberErrors).toEqual([]);
  await admin.close();
});
