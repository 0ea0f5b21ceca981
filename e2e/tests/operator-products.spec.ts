import type { Page } from '@playwright/test';
import { expect, OPERATOR, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { screenshot, signInToConsole, toastsGone, watchConsole, WIDTHS } from './support.ts';

// The console's products and tickets screens: a member's ticket answered and closed in the
// inbox, a package added to the catalogue, a plan change refused at its field, then published.

const REFUSED =
  'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)';

const teamProfitLevel = (page: Page, level: number) =>
  page
    .getByRole('group', { name: /^Team profit, %/ })
    .getByLabel(`Level ${level}`, { exact: true });

test('support answers and closes a ticket; an admin adds a package and publishes a plan version', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(240_000);
  const memberErrors = watchConsole(page);
  await login({ name: 'Inbox Member' });
  const subject = `Withdrawal pending ${Date.now()}`;

  await test.step('the member opens a ticket at /query', async () => {
    await page.goto('/query');
    await page.getByRole('link', { name: 'New ticket' }).first().click();
    const form = page.getByRole('form', { name: 'New ticket' });
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('My withdrawal has been pending since yesterday.');
    await form.getByRole('button', { name: 'Send ticket' }).click();
    await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  });

  const admin = await (await browser.newContext()).newPage();
  const adminErrors = watchConsole(admin);
  await test.step('the demo admin signs in to the console', async () => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await signInToConsole(admin, OPERATOR.email, OPERATOR.password);
  });

  await test.step('the admin answers the ticket in the inbox and closes it', async () => {
    await admin.goto('/operator/tickets');
    const row = admin.getByRole('list', { name: 'Tickets' }).getByRole('link', { name: subject });
    await expect(row).toContainText('Inbox Member');
    await row.click();
    await expect(admin.getByRole('heading', { level: 2, name: subject })).toBeVisible();
    for (const width of [390, 1280]) {
      await screenshot(admin, 'operator-ticket-answer', width);
      await expect(admin.getByRole('button', { name: 'Send answer' })).toBeVisible();
    }
    await admin.getByRole('button', { name: 'Send answer' }).click();
    await expect(admin.getByText('Message is required')).toBeVisible();
    await admin
      .getByRole('textbox', { name: 'Answer' })
      .fill('It was paid this morning.\nThe <b>hash</b> is in your history.');
    await admin.getByRole('button', { name: 'Send answer' }).click();
    await expect(admin.getByText('Answer sent')).toBeVisible();
    const thread = admin.getByRole('list', { name: 'Messages' });
    await expect(thread.getByRole('listitem')).toHaveCount(2);
    await expect(thread.getByText('The <b>hash</b> is in your history.')).toBeVisible();
    await admin.getByRole('button', { name: 'Close ticket' }).click();
    const confirm = admin.getByRole('dialog', { name: /Close ticket #\d+\?/ });
    await confirm.getByRole('button', { name: 'Close ticket' }).click();
    await expect(admin.getByText('Ticket closed')).toBeVisible();
    await expect(admin.getByText(/it takes no more answers or replies/)).toBeVisible();
  });

  await test.step('the member reads the answer on a closed ticket', async () => {
    await page.reload();
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread.getByRole('listitem').nth(1)).toContainText('It was paid this morning.');
    await expect(page.getByText(/This ticket is closed/)).toBeVisible();
  });

  const packageName = `Console ${Date.now() % 100_000}`;
  await test.step('the admin adds a package; the server refuses a reversed range at its field', async () => {
    await admin.goto('/operator/packages');
    await admin.getByRole('button', { name: 'Add package' }).first().click();
    const form = admin.getByRole('form', { name: 'Add package' });
    await form.getByLabel('Name').fill(packageName);
    await form.getByLabel('Minimum amount').fill('500');
    await form.getByLabel('Maximum amount').fill('100');
    await form.getByLabel('Daily percentage').fill('0.45');
    await form.getByLabel('Total days').fill('90');
    await form.getByRole('button', { name: 'Add package' }).click();
    await expect(form.getByLabel('Maximum amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(
      form.getByText('Maximum amount must not be less than Minimum amount'),
    ).toBeVisible();
    await form.getByLabel('Maximum amount').fill('5000');
    await form.getByRole('button', { name: 'Add package' }).click();
    await expect(admin.getByText(`Package ${packageName} added`)).toBeVisible();
    const row = admin.getByRole('row', { name: new RegExp(packageName) });
    await expect(row).toContainText('$500 – $5,000');
    await expect(row).toContainText('90 days');
  });

  const published =
    await test.step('the admin previews a plan change refused at its field, then publishes', async () => {
      await admin.goto('/operator/plan');
      const inForce = Number(
        /Version (\d+) in force/.exec(
          (await admin.getByText(/Version \d+ in force/).textContent())!,
        )![1],
      );
      await admin.getByRole('tab', { name: 'Draft' }).click();
      await teamProfitLevel(admin, 4).fill('150');
      await admin.getByRole('button', { name: 'Preview' }).click();
      await expect(teamProfitLevel(admin, 4)).toHaveAttribute('aria-invalid', 'true');
      await expect(
        admin
          .getByRole('group', { name: /^Team profit, %/ })
          .getByText('Team profit percentage must be at most 100'),
      ).toBeVisible();
      await expect(admin.getByRole('alert').filter({ hasText: 'a problem' })).toBeVisible();
      await expect(teamProfitLevel(admin, 4)).toBeFocused();
      await screenshot(admin, 'operator-plan-draft-refused', 1280);

      await teamProfitLevel(admin, 4).fill('2.5');
      await admin.getByRole('button', { name: 'Preview' }).click();
      await expect(admin.getByRole('table', { name: 'Sample team earnings' })).toBeVisible();
      await expect(teamProfitLevel(admin, 4)).not.toHaveAttribute('aria-invalid', 'true');
      await admin.getByRole('button', { name: `Publish as version ${inForce + 1}` }).click();
      const confirm = admin.getByRole('dialog', { name: `Publish as version ${inForce + 1}?` });
      await confirm.getByRole('button', { name: `Publish version ${inForce + 1}` }).click();
      await expect(admin.getByText(`Plan version ${inForce + 1} published`)).toBeVisible();
      await expect(admin.getByText(`Version ${inForce + 1} in force`)).toBeVisible();
      return inForce + 1;
    });

  await test.step('the new version is in force and heads the history', async () => {
    await admin.getByRole('tab', { name: 'In force' }).click();
    await expect(
      admin.getByRole('table', { name: 'Levels' }).getByRole('row', { name: /Level 4/ }),
    ).toContainText('2.5');
    await admin.getByRole('tab', { name: 'Versions' }).click();
    await expect(
      admin.getByRole('table', { name: 'Plan versions' }).getByRole('row').nth(1),
    ).toContainText(`Version ${published}`);
  });

  await toastsGone(admin);
  const violations: string[] = [];
  const check = async (name: string, width: number) => {
    await screenshot(admin, name, width);
    violations.push(
      ...(await seriousViolations(admin)).map((line) => `${name} @${width}: ${line}`),
    );
  };
  for (const width of WIDTHS) {
    await admin.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await admin.goto('/operator/tickets?status=all');
    await expect(admin.getByRole('list', { name: 'Tickets' })).toBeVisible();
    await check('operator-tickets', width);
    await admin.goto(`/operator/tickets?status=all&ticket=${await ticketIdOf(admin, subject)}`);
    await expect(admin.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(
      2,
    );
    await check('operator-ticket-thread', width);
    await admin.goto('/operator/packages');
    await expect(admin.getByText(packageName)).toBeVisible();
    await check('operator-packages', width);
    await admin.goto('/operator/plan');
    await expect(admin.getByRole('region', { name: 'Levels' })).toBeVisible();
    await check('operator-plan', width);
    await admin.goto('/operator/plan?tab=draft');
    await expect(teamProfitLevel(admin, 4)).toBeVisible();
    await check('operator-plan-draft', width);
  }
  expect(violations).toEqual([]);
  expect(memberErrors).toEqual([]);
  // The two refusals the journey asks for (the reversed range, the 150 % level) show in
  // Chromium's console as failed resources; the screens handled them at their fields.
  expect(adminErrors).toEqual(Array(2).fill(REFUSED));
  await admin.context().close();
});

/** The ticket's id from its link in the inbox (the thread's address carries it). */
async function ticketIdOf(page: Page, subject: string): Promise<string> {
  const href = await page
    .getByRole('list', { name: 'Tickets' })
    .getByRole('link', { name: subject })
    .first()
    .getAttribute('href');
  return new URLSearchParams(href!.split('?')[1]).get('ticket')!;
}
