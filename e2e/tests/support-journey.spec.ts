import { request } from '@playwright/test';
import { dataOf, expect, operatorApi, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { screenshot, toastsGone, waitForMail, watchConsole, WIDTHS } from './support.ts';

// A member raises a ticket in the browser, support answers through the operator API, the member
// reads the answer (and its notification and mail), replies, and support closes the ticket.

type Notification = { message: string; kind: string; link: string | null; read: boolean };

test('a member raises a ticket, reads the answer, replies, and support closes it', async ({
  page,
  login,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const consoleErrors = watchConsole(page);
  const member = await login({ name: 'Ticket Member' });
  const memberApi = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${member.token}` },
  });
  const operator = await operatorApi(baseURL!);
  const subject = 'Deposit of 250 USDT not credited';

  const ticketId = await test.step('the member opens a ticket from the empty list', async () => {
    await page.goto('/query');
    await expect(page.getByText('No tickets yet')).toBeVisible();
    await page.getByRole('link', { name: 'New ticket' }).first().click();
    const form = page.getByRole('form', { name: 'New ticket' });
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Deposit' }).click();
    await form
      .getByLabel('Message')
      .fill('I sent 250 USDT this morning.\nTransaction <b>0xabc</b> <script>alert(1)</script>');
    await form.getByRole('button', { name: 'Send ticket' }).click();
    await expect(page.getByText(/Ticket #\d+ created/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
    await expect(page).toHaveURL(/\/query\?ticket=/);
    // Typed markup is shown as the text it is, on its own line.
    await expect(
      page.getByText('Transaction <b>0xabc</b> <script>alert(1)</script>'),
    ).toBeVisible();
    return new URL(page.url()).searchParams.get('ticket')!;
  });

  await test.step('support answers through the operator API', async () => {
    const inbox = await dataOf<{ data: Array<{ id: string; member: { referralCode: string } }> }>(
      operator.get('/api/v1/operator/tickets?status=open&pageSize=100'),
    );
    expect(inbox.data.find((row) => row.id === ticketId)?.member.referralCode).toBe(member.code);
    await dataOf(
      operator.post(`/api/v1/operator/tickets/${ticketId}/answer`, {
        data: { message: 'Thank you. It is credited now.\nPlease check your fund wallet.' },
      }),
    );
  });

  await test.step('the member sees the answer, its notification and its mail', async () => {
    await page.reload();
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread.getByRole('listitem')).toHaveCount(2);
    await expect(thread.getByRole('listitem').nth(1)).toContainText('It is credited now.');
    await expect(page.getByText('Answered').first()).toBeVisible();
    const feed = await dataOf<{ data: Notification[]; unread: number }>(
      memberApi.get('/api/v1/notification'),
    );
    expect(feed.data[0]).toMatchObject({
      kind: 'ticket',
      link: `/query?ticket=${ticketId}`,
      read: false,
      message: expect.stringMatching(
        new RegExp(`^Support answered your ticket #\\d+: ${subject}$`),
      ),
    });
    await expect
      .poll(async () => (await waitForMail(member.email)).subject, { timeout: 15_000 })
      .toMatch(/^Support answered your ticket #\d+$/);
  });

  await test.step('the member replies, which opens the ticket again', async () => {
    await toastsGone(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      // To the end of the page: the reply box and its button, above the bottom tabs. The new
      // width may swap the layout (side by side from 1200 px), replacing the button: scroll to
      // the one drawn once it has settled, trying again if it is replaced under the scroll.
      const sendReply = page.getByRole('button', { name: 'Send reply' });
      await expect(async () => {
        await expect(sendReply).toBeVisible();
        await sendReply.scrollIntoViewIfNeeded({ timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await page.mouse.wheel(0, 1000);
      await screenshot(page, 'support-thread-answered', width);
    }
    await page.getByRole('textbox', { name: 'Reply' }).fill('Yes, I see it now. Thanks!');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Reply sent')).toBeVisible();
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveValue('');
  });

  await test.step('support closes it; the reply box says why it is disabled', async () => {
    await dataOf(operator.post(`/api/v1/operator/tickets/${ticketId}/close`));
    await page.reload();
    await expect(
      page.getByText(/This ticket is closed, so it takes no more replies/),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Reply' })).toBeDisabled();
    const feed = await dataOf<{ data: Notification[] }>(memberApi.get('/api/v1/notification'));
    expect(feed.data[0]?.message).toMatch(/^Your ticket #\d+ was closed: /);
  });

  await test.step('a second ticket, for the list to show both states', async () => {
    await dataOf(
      memberApi.post('/api/v1/ticket/create', {
        data: {
          subject: 'Team bonus question',
          message: 'How is the level bonus counted?',
          category: 'team',
        },
      }),
    );
  });

  const violations: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto('/query');
    await expect(page.getByRole('list', { name: 'Tickets' }).getByRole('link')).toHaveCount(2);
    await screenshot(page, 'support-list', width);
    violations.push(...(await seriousViolations(page)).map((line) => `list @${width}: ${line}`));
    await page.goto('/query?new=1');
    await expect(page.getByRole('form', { name: 'New ticket' })).toBeVisible();
    await screenshot(page, 'support-new-ticket', width);
    violations.push(...(await seriousViolations(page)).map((line) => `new @${width}: ${line}`));
    await page.goto(`/query?ticket=${ticketId}`);
    await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(3);
    await screenshot(page, 'support-thread', width);
    violations.push(...(await seriousViolations(page)).map((line) => `thread @${width}: ${line}`));
  }
  expect(violations).toEqual([]);

  await memberApi.dispose();
  await operator.dispose();
  expect(consoleErrors).toEqual([]);
});
