import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, OPERATOR, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { screenshot, signInToConsole, waitForMail, watchConsole, WIDTHS } from './support.ts';

// The demo admin's reports: the overview's figures and charts, the ledger filtered by one member
// with its CSV, the reconciliation and liabilities, the audit log filtered by action; then an
// invited support operator accepts from the mail and sees only the support menu.

test.describe.configure({ timeout: 180_000 });

async function downloadFirstLine(page: Page, button: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  // The button is itself again (not loading) before anything else, a screenshot included.
  await expect(page.getByRole('button', { name: button })).toBeEnabled();
  const path = await download.path();
  return readFileSync(path, 'utf8').split('\r\n')[0] ?? '';
}

test('the admin reads the overview, the ledger, the reports and the audit log, and invites support', async ({
  page,
  browser,
  baseURL,
  insertNewMember,
}) => {
  const errors = watchConsole(page);
  // Charts drawn at once, not growing, when a screenshot is taken.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const member = await insertNewMember({ fundDollars: 125.5 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToConsole(page, OPERATOR.email, OPERATOR.password);

  // Overview: today's figures, the queues, the reconciliation and both charts.
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByText('Deposits confirmed')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Work queues' })).toContainText('Open tickets');
  await expect(page.getByRole('link', { name: /Ledger reconciled/ })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Money in and out, last 14 days' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'New members, last 14 days' })).toBeVisible();
  for (const width of WIDTHS) await screenshot(page, 'operator-overview', width);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('figure', { name: 'New members, last 14 days' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'operator-overview-charts', width);
  }

  // Ledger: the member's deposit, its postings, then the CSV of the filtered list.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Ledger' })
    .click();
  await page.getByRole('textbox', { name: 'Member', exact: true }).fill(member.code);
  await expect(page).toHaveURL(new RegExp(`memberCode=${member.code}`));
  const transfers = page.getByRole('table', { name: 'Transfers' });
  await expect(transfers.getByRole('row')).toHaveCount(2);
  await expect(transfers).toContainText('$125.50');
  await transfers.getByRole('button', { name: /postings of transfer/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('table', { name: 'Postings' })).toContainText('house:deposits');
  await expect(dialog).toContainText('-$125.50');
  // From a posting to everything posted to the member's fund wallet, and back.
  await dialog.getByRole('button', { name: `Postings of account ${member.code}:fund` }).click();
  await expect(page).toHaveURL(new RegExp(`account=${member.code}%3Afund`));
  const account = page.getByRole('table', { name: 'Account postings' });
  await expect(account.getByRole('row')).toHaveCount(2);
  await expect(account).toContainText('+$125.50');
  for (const width of WIDTHS) await screenshot(page, 'operator-ledger-account', width);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'All transfers' }).click();
  await expect(transfers.getByRole('row')).toHaveCount(2);
  expect(await downloadFirstLine(page, 'Export CSV')).toBe(
    'id,createdAt,kind,reference,memberCode,memberName,amount,postingCount',
  );
  for (const width of WIDTHS) await screenshot(page, 'operator-ledger', width);

  // The reports, each run on the books as they are now.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/operator/reconciliation');
  await expect(page.getByText('Ledger reconciled')).toBeVisible();
  await expect(page.getByRole('table', { name: 'House accounts' })).toContainText('house:deposits');
  expect(await downloadFirstLine(page, 'Export CSV')).toBe('section,item,amount,held,note');
  for (const width of WIDTHS) await screenshot(page, 'operator-reconciliation', width);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/operator/liabilities');
  await expect(page.getByRole('region', { name: 'Owed to members' })).toContainText('Total owed');
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByRole('region', { name: 'Received and paid' })).toContainText(
    'Deposits received',
  );
  for (const width of WIDTHS) await screenshot(page, 'operator-liabilities', width);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Audit log: the deposit's confirmation, found by the start of its action, in words and names.
  await page.goto('/operator/audit-log');
  await page.getByRole('textbox', { name: 'Action', exact: true }).fill('deposit.');
  await expect(page).toHaveURL(/action=deposit\./);
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByText('Confirmed a deposit').first()).toBeVisible();
  await expect(audit.getByText('Signed in to the console')).toHaveCount(0);
  await expect(audit.getByText(/^Deposit of .+ \([A-Z0-9]+\)$/).first()).toBeVisible();
  for (const width of WIDTHS) {
    await screenshot(page, 'operator-audit-log', width);
    // No sideways scroll hides the action: the page is no wider than the screen, and the first
    // entry's action is on it.
    const overflow = await page.evaluate(() => {
      // Runs in the browser; the e2e project has no DOM types.
      type Html = { scrollWidth: number; clientWidth: number };
      const html = (globalThis as unknown as { document: { documentElement: Html } }).document
        .documentElement;
      return html.scrollWidth - html.clientWidth;
    });
    expect(overflow, `sideways scroll @${width}`).toBeLessThanOrEqual(0);
    const action = page.getByText('Confirmed a deposit').first();
    const box = await action.boundingBox();
    expect(box, `action @${width}`).not.toBeNull();
    expect(box!.x + box!.width, `action @${width}`).toBeLessThanOrEqual(width);
  }
  // On a phone the entries are cards; one opens in full, its detail as readable lines.
  await page.setViewportSize({ width: 390, height: 844 });
  await page
    .getByRole('button', { name: /^Details of confirmed a deposit/ })
    .first()
    .click();
  const entry = page.getByRole('dialog', { name: 'Confirmed a deposit' });
  await expect(entry).toContainText('deposit.confirm');
  await expect(entry).toContainText('What was recorded');
  await expect(entry.getByRole('button', { name: 'Copy deposit id' })).toBeVisible();
  await expect(entry.locator('pre')).toHaveCount(0);
  // Faded in all the way before the picture (the dialog's transition does not heed reduced motion).
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await screenshot(page, 'operator-audit-entry', 390);
  expect(await seriousViolations(page)).toEqual([]);
  await entry.getByRole('button', { name: 'Close' }).click();
  await expect(entry).toBeHidden();

  // Operators: invite a support operator, who accepts from the mail.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/operator/operators');
  const email = `reports-support-${Date.now()}@ops.example.com`;
  await page.getByRole('button', { name: 'Invite operator' }).click();
  const invite = page.getByRole('dialog');
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Invited');
  await expect(row.getByRole('combobox', { name: `Role of ${email}` })).toHaveText('Support');
  // The admin's own row offers no role change and no disable.
  const own = page.getByRole('row', { name: new RegExp(OPERATOR.email) });
  await expect(own.getByRole('button')).toHaveCount(0);
  for (const width of WIDTHS) await screenshot(page, 'operator-operators', width);

  const mail = await waitForMail(email);
  const link = new URL(/(https?:\/\/\S+\/operator\/accept-invite\?token=\S+)/.exec(mail.text)![1]!);
  const context = await browser.newContext({ baseURL });
  const invited = await context.newPage();
  const invitedErrors = watchConsole(invited);
  await invited.emulateMedia({ reducedMotion: 'reduce' });
  await invited.goto(`${link.pathname}${link.search}`);
  for (const width of WIDTHS) await screenshot(invited, 'operator-accept-invite', width);
  await invited.setViewportSize({ width: 1280, height: 900 });
  await invited.getByLabel('Password', { exact: true }).fill('support-pass-2026!');
  await invited.getByLabel('Confirm password').fill('support-pass-2026!');
  await invited.getByRole('button', { name: /set password/i }).click();
  await expect(invited).toHaveURL(/\/operator$/);
  const menu = invited.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link')).toHaveText([
    /Operator console/,
    'Overview',
    'Members',
    // With the count of tickets waiting beside it when there are any.
    /^Tickets\d*$/,
    // Support reviews identity documents (the role map's verification.review).
    /^Verification\d*$/,
    'Security',
  ]);
  // Support's overview has members and tickets, and no money.
  await expect(invited.getByRole('region', { name: 'Members and tickets' })).toContainText(
    'Joined today',
  );
  await expect(invited.getByText('Deposits confirmed')).toHaveCount(0);
  await expect(invited.getByRole('figure', { name: 'New members, last 14 days' })).toBeVisible();
  for (const width of WIDTHS) await screenshot(invited, 'operator-overview-support', width);
  // A screen the role may not open, reached by its address, says so.
  await invited.goto('/operator/withdrawals');
  await expect(invited.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
  await context.close();

  expect(invitedErrors).toEqual([]);
  expect(errors).toEqual([]);
});
