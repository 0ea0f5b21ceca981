import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { screenshot, signIn, watchConsole, WIDTHS } from './support.ts';

// The deposit and compounding screens against the real server, with a member of its own: the
// other journeys check DEMOROOT's balances, and an operator confirming deposits here must not
// move them. No gateway is configured on the e2e server, so manual is the only provider.

const OPERATOR = { email: 'operator@example.com', password: 'demo-operator-2026' };
const password = 'deposit screens passphrase';
const api = (path: string) => `/api/v1/${path}`;
const newHash = () => randomBytes(32).toString('hex');

type Envelope<T> = { data: T };

async function registerMember(request: APIRequestContext): Promise<string> {
  const response = await request.post(api('auth/register'), {
    data: {
      referralCode: 'DEMOROOT',
      name: 'Deposit Screens',
      email: `deposits.${Date.now()}@example.com`,
      password,
      mobile_number: '+919876501234',
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Envelope<{ referral_code: string }>).data.referral_code;
}

async function operatorToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(api('operator/auth/login'), { data: OPERATOR });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Envelope<{ access_token: string }>).data.access_token;
}

type PendingDeposit = { id: string; amount: number; memberReferralCode: string };

/** The operator confirms or rejects the member's pending deposit of `amount`. */
async function decide(
  request: APIRequestContext,
  token: string,
  member: string,
  amount: number,
  decision: { confirm: true } | { reject: string },
) {
  const headers = { Authorization: `Bearer ${token}` };
  const queue = await request.get(api('operator/deposits?status=pending&pageSize=100'), {
    headers,
  });
  const pending = ((await queue.json()) as Envelope<{ data: PendingDeposit[] }>).data.data;
  const deposit = pending.find((d) => d.memberReferralCode === member && d.amount === amount);
  expect(deposit, `pending deposit of ${amount}`).toBeDefined();
  const response =
    'confirm' in decision
      ? await request.post(api(`operator/deposits/${deposit!.id}/confirm`), { headers })
      : await request.post(api(`operator/deposits/${deposit!.id}/reject`), {
          headers,
          data: { reason: decision.reject },
        });
  expect(response.ok()).toBe(true);
}

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
  request,
}) => {
  const consoleErrors = watchConsole(page);
  const member = await registerMember(request);
  await page.goto('/');
  await signIn(page, member, password);

  // Only manual on this server: said plainly, without a one-option choice.
  await page.goto('/fund/deposits');
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
  await saveHash(page, instructions, newHash());

  await saveHash(page, await createManualDeposit(page, '75'), newHash());
  await expect(await createManualDeposit(page, '40')).toContainText('$40.00');

  const token = await operatorToken(request);
  await decide(request, token, member, 250, { confirm: true });
  await decide(request, token, member, 75, {
    reject: 'No transfer with this hash reached our address',
  });

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
  await saveHash(page, dialog, newHash());
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
  await expect(move.getByText('Your profit wallet has $0 available')).toBeVisible();
  await expect(move).toContainText('0.1');
  for (const width of WIDTHS) await screenshot(page, 'fund-move-to-compounding', width);
  await move.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/income/compounding-income');
  await expect(page.getByText('No compounding income yet')).toBeVisible();
  for (const width of WIDTHS) await screenshot(page, 'compounding-income', width);

  expect(consoleErrors).toEqual([]);
});
