import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../../apps/api/src/testing/smtp-sink.ts';
import { freePort, startServer } from '../global-setup.ts';
import { dataOf, expect, operatorApi, pendingIdOf, test } from './fixtures.ts';
import { screenshot, signIn, toastsGone, watchConsole, WIDTHS } from './support.ts';

// Issue 3's proof, on a server of its own: the journey moves the server's clock two days on,
// which means restarting it with APP_NOW on the same data directory, and the shared server of
// the other journeys must keep its time.

const DAY_MS = 24 * 60 * 60 * 1000;
// A real TRC-20 address (its checksum holds) and a chain transaction hash for the operator.
const PAYOUT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const DEPOSIT_HASH = `0x${'ab12'.repeat(16)}`;
const PAYOUT_HASH = 'c0ffee00'.repeat(8);

// One step that cannot happen fails in seconds, not at the end of the whole journey's time.
test.use({ actionTimeout: 20_000 });

/** A server of this journey's own on `dataDir`, its clock starting at `now`. */
const startServerAt = (dataDir: string, port: number, smtp: SmtpSink, now: Date) =>
  startServer({ port, dataDir, smtpUrl: smtp.url, env: { APP_NOW: now.toISOString() } });

/** The code of the first mail to `to` that arrives after the first `after` mails. */
async function codeMailedTo(smtp: SmtpSink, to: string, after: number): Promise<string> {
  const mail = await smtp.waitFor(
    (candidate) => smtp.mails.indexOf(candidate) >= after && candidate.to.includes(to),
    15_000,
  );
  return /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
}

async function screenshotAll(page: Page, url: string, name: string, ready: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto(url);
    await ready();
    await screenshot(page, name, width);
  }
}

test('a new member deposits, buys, claims two days later, withdraws with email codes and sees the payout', async ({
  page,
  login,
}) => {
  test.setTimeout(300_000);
  const consoleErrors = watchConsole(page);
  const smtp = await startSmtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-money-'));
  const port = await freePort();
  const start = new Date();
  let server = await startServerAt(dataDir, port, smtp, start);

  try {
    const { code, email, password } =
      await test.step('a new member of this server, verified with the code from its own sink, signed in', () =>
        login({
          name: 'Money Journey',
          baseURL: server.baseUrl,
          readCode: (to) => codeMailedTo(smtp, to, 0),
        }));

    await test.step('deposit $2,500 by manual transfer; the operator confirms it', async () => {
      await page.goto(`${server.baseUrl}/fund/deposits`);
      const form = page.getByRole('form', { name: 'Deposit' });
      await form.getByLabel('Amount').fill('2500');
      await form.getByRole('button', { name: 'Continue' }).click();
      const hash = page.getByRole('form', { name: 'Add transaction hash' });
      await hash.getByLabel('Transaction hash').fill(DEPOSIT_HASH);
      await hash.getByRole('button', { name: 'Save hash' }).click();
      await expect(page.getByText(/Transaction hash saved/).first()).toBeVisible();

      const operator = await operatorApi(server.baseUrl);
      const depositId = await pendingIdOf(operator, 'deposits', code);
      await dataOf(operator.post(`/api/v1/operator/deposits/${depositId}/confirm`));
      await operator.dispose();
      await page.goto(`${server.baseUrl}/dashboard`);
      await expect(page.getByRole('group', { name: 'Wallet balance' })).toContainText(
        '$2,500.0000',
      );
    });

    await test.step('buy a $2,500 Pro package (0.5 % a day) from the fund wallet', async () => {
      await page.goto(`${server.baseUrl}/packages`);
      await page.getByRole('button', { name: 'Buy Pro' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Amount').fill('2500');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const success = page.getByRole('dialog', { name: 'Package bought' });
      await expect(success).toContainText('$2,500.00');
      await success.getByRole('button', { name: 'Done' }).click();
    });

    await test.step('two days later: two days of profit to claim', async () => {
      // The old session outlives its lifetime on the new clock: sign in again. Left first, so
      // that the open app cannot ask the new server anything with it (an expected 401, but a
      // console error).
      await page.evaluate('window.localStorage.clear()');
      await page.goto('about:blank');
      await server.stop();
      server = await startServerAt(dataDir, port, smtp, new Date(start.getTime() + 2 * DAY_MS));
      await page.goto(`${server.baseUrl}/`);
      await signIn(page, code, password);
      const claim = page.getByRole('region', { name: 'Daily profit' });
      await expect(claim).toContainText('$25.00');
      await claim.getByRole('button', { name: 'CLAIM' }).click();
      await expect(page.getByRole('region', { name: 'Profit Wallet' })).toContainText('$25.00');
    });

    await test.step('save the payout address with its emailed code', async () => {
      await page.goto(`${server.baseUrl}/fund`);
      await page.getByRole('link', { name: 'Withdraw', exact: true }).first().click();
      await expect(page).toHaveURL(/\/fund\/withdrawal$/);
      const card = page.getByRole('region', { name: 'Payout address' });
      await expect(page.getByText(/Save a payout address first/)).toBeVisible();
      for (const width of [390, 1280]) await screenshot(page, 'withdrawal-no-address', width);
      await card.getByLabel('USDT address').fill(PAYOUT_ADDRESS);
      const mailed = smtp.mails.length;
      await card.getByRole('button', { name: 'Send code' }).click();
      const step = card.getByRole('form', { name: 'Confirm payout address' });
      await step.getByLabel('Email code').fill(await codeMailedTo(smtp, email, mailed));
      await step.getByRole('button', { name: 'Save address' }).click();
      await expect(card.getByText(PAYOUT_ADDRESS)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Change address' })).toBeVisible();
    });

    await test.step('withdraw $20 from the profit wallet: $1 fee, $19 to the address', async () => {
      const form = page.getByRole('form', { name: 'Withdrawal' });
      await expect(
        form.getByRole('radio', { name: /Profit wallet\s*\$25\.00 available/ }),
      ).toBeChecked();
      await form.getByRole('textbox', { name: 'Amount' }).fill('20');
      const fees = form.getByRole('region', { name: 'Fee and net amount' });
      await expect(fees).toContainText('$1.00');
      await expect(fees).toContainText('$19.00');
      await toastsGone(page);
      await screenshot(page, 'withdrawal-form', 1280);
      const mailed = smtp.mails.length;
      await form.getByRole('button', { name: 'Send code' }).click();
      const step = page.getByRole('form', { name: 'Confirm withdrawal' });
      await expect(step.getByRole('region', { name: 'Withdrawal to confirm' })).toContainText(
        'Profit wallet',
      );
      await step.getByLabel('Email code').fill(await codeMailedTo(smtp, email, mailed));
      await toastsGone(page);
      await screenshot(page, 'withdrawal-confirm', 1280);
      await step.getByRole('button', { name: 'Confirm withdrawal' }).click();

      await expect(page).toHaveURL(/\/fund\/withdrawal-history$/);
      const history = page.getByRole('table', { name: 'Profit withdrawals' });
      await expect(history).toContainText('$20.00');
      await expect(history).toContainText('Pending');
      // Held, not spent: the header's profit shows what is still available.
      await expect(page.getByRole('group', { name: 'Wallet balance' })).toContainText('$5.0000');
      await page.goto(`${server.baseUrl}/fund/withdrawal`);
      await expect(page.getByText('A withdrawal is already pending')).toBeVisible();
      await screenshotAll(page, `${server.baseUrl}/fund/withdrawal`, 'withdrawal-pending', () =>
        expect(page.getByText('A withdrawal is already pending')).toBeVisible(),
      );
    });

    await test.step('the operator pays it with the chain transaction hash; it shows on /payout', async () => {
      const operator = await operatorApi(server.baseUrl);
      const withdrawalId = await pendingIdOf(operator, 'withdrawals', code);
      await dataOf(
        operator.post(`/api/v1/operator/withdrawals/${withdrawalId}/pay`, {
          data: { txHash: PAYOUT_HASH },
        }),
      );
      await operator.dispose();

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${server.baseUrl}/payout`);
      const payouts = page.getByRole('table', { name: 'Payouts' });
      await expect(payouts).toContainText('$19.00');
      await expect(payouts.getByLabel(`Transaction hash ${PAYOUT_HASH}`)).toBeVisible();
      await screenshotAll(page, `${server.baseUrl}/payout`, 'payout', () =>
        expect(page.getByText('$19.00').first()).toBeVisible(),
      );
      await screenshotAll(
        page,
        `${server.baseUrl}/fund/withdrawal-history`,
        'withdrawal-history',
        () => expect(page.getByText('Paid').first()).toBeVisible(),
      );
      // The compounding wallet's own history: this member withdrew from profit only.
      await screenshotAll(
        page,
        `${server.baseUrl}/fund/compounding-withdrawal-history`,
        'compounding-withdrawal-history',
        () => expect(page.getByText('No withdrawals yet')).toBeVisible(),
      );
      await screenshotAll(page, `${server.baseUrl}/fund/withdrawal`, 'withdrawal', () =>
        expect(page.getByRole('form', { name: 'Withdrawal' })).toBeVisible(),
      );
    });
    expect(consoleErrors).toEqual([]);
  } finally {
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
