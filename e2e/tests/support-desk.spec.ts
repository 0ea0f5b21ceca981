import { request, type Page } from '@playwright/test';
import { dataOf, expect, OPERATOR, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { screenshot, signInToConsole, toastsGone, watchConsole, WIDTHS } from './support.ts';

// The support desk (decision 0056), on a phone's width first: a member attaches a screenshot to
// their ticket; support keeps a canned reply, takes the ticket, writes an internal note, inserts
// the canned reply into its answer and edits it; the member reads the answer and the image and
// never the note.

/** A PNG drawn in the page (a striped "screenshot"), as the bytes a file picker would give. */
async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    // Runs in the browser; the e2e project has no DOM types.
    const doc = (globalThis as unknown as { document: { createElement: (tag: string) => any } })
      .document;
    const canvas = doc.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext('2d');
    for (let stripe = 0; stripe < 8; stripe += 1) {
      context.fillStyle = stripe % 2 ? '#1e5fb4' : '#f2a900';
      context.fillRect(stripe * 40, 0, 40, 200);
    }
    context.fillStyle = '#ffffff';
    context.font = 'bold 28px sans-serif';
    context.fillText('TX 0xabc…', 40, 110);
    return canvas.toDataURL('image/png') as string;
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('support keeps a canned reply, takes a ticket with an image, notes it and answers', async ({
  page,
  browser,
  baseURL,
  login,
}) => {
  test.setTimeout(240_000);
  const memberErrors = watchConsole(page);
  const member = await login({ name: 'Desk Member' });
  const memberApi = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${member.token}` },
  });
  const subject = 'Withdrawal not received';
  const note = 'Internal: the payout left the hot wallet at 10:02, hash checked.';
  const replyTitle = `Withdrawal sent ${Date.now()}`;

  const ticketId =
    await test.step('the member opens a ticket and attaches a screenshot', async () => {
      const ticket = await dataOf<{ id: string }>(
        memberApi.post('/api/v1/ticket/create', {
          data: {
            subject,
            message: 'My withdrawal shows paid but I have nothing.',
            category: 'withdrawal',
          },
        }),
      );
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/query?ticket=${ticket.id}`);
      await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
      await page.getByLabel('Image to attach').setInputFiles({
        name: 'screenshot.png',
        mimeType: 'image/png',
        buffer: await drawnPng(page),
      });
      await expect(page.getByText('Image attached')).toBeVisible();
      const thread = page.getByRole('list', { name: 'Messages' });
      await expect(thread.getByRole('img', { name: 'Image from you' })).toBeVisible();
      // A renamed file that is not an image is refused by its bytes, with the reason.
      await page.getByLabel('Image to attach').setInputFiles({
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('MZ this is not a photo at all'),
      });
      await expect(page.getByText(/not a JPEG, PNG, HEIC or PDF/).first()).toBeVisible();
      await expect(thread.getByRole('img')).toHaveCount(1);
      return ticket.id;
    });

  const operatorContext = await browser.newContext({ baseURL });
  const desk = await operatorContext.newPage();
  const deskErrors = watchConsole(desk);
  await desk.setViewportSize({ width: 390, height: 844 });
  await signInToConsole(desk, OPERATOR.email, OPERATOR.password);

  await test.step('support adds a canned reply from the tickets page', async () => {
    await desk.goto('/operator/tickets');
    await desk.getByRole('button', { name: 'Canned replies' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Canned replies' });
    await dialog.getByRole('button', { name: 'Add canned reply' }).click();
    const form = desk.getByRole('form', { name: 'New canned reply' });
    await form.getByRole('button', { name: 'Add reply' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await form.getByRole('textbox', { name: 'Title' }).fill(replyTitle);
    await form
      .getByRole('textbox', { name: 'Text' })
      .fill('Your withdrawal was sent to your address. It can take up to 30 minutes to arrive.');
    await screenshot(desk, 'support-desk-canned-reply-form', 390);
    await form.getByRole('button', { name: 'Add reply' }).click();
    const list = desk.getByRole('list', { name: 'Canned replies' });
    await expect(list.getByText(replyTitle)).toBeVisible();
    await toastsGone(desk);
    await screenshot(desk, 'support-desk-canned-replies', 390);
    await desk.getByRole('button', { name: 'Done' }).click();
  });

  await test.step('support takes the ticket, writes a note and answers with the canned reply', async () => {
    await desk.getByRole('combobox', { name: 'Assigned' }).click();
    await desk.getByRole('option', { name: 'Unassigned' }).click();
    await desk
      .getByRole('link', { name: new RegExp(subject) })
      .first()
      .click();
    const assignment = desk.getByRole('group', { name: 'Assignment' });
    await expect(assignment).toContainText('Unassigned');
    await assignment.getByRole('button', { name: 'Assign to me' }).click();
    await expect(assignment).toContainText('Assigned to you');
    const thread = desk.getByRole('list', { name: 'Messages' });
    await expect(thread.getByRole('img', { name: 'Image from Desk Member' })).toBeVisible();

    await desk.getByRole('tab', { name: 'Internal note' }).click();
    await desk.getByRole('textbox', { name: 'Internal note' }).fill(note);
    await desk.getByRole('button', { name: 'Add note' }).click();
    await expect(thread.getByRole('listitem', { name: /^Internal note by / })).toContainText(note);

    await desk.getByRole('tab', { name: 'Answer member' }).click();
    const answer = desk.getByRole('textbox', { name: 'Answer' });
    await answer.fill('Hello,');
    await desk.getByRole('button', { name: 'Insert canned reply' }).click();
    await desk.getByRole('menuitem', { name: new RegExp(replyTitle) }).click();
    await expect(answer).toHaveValue(
      'Hello,\n\nYour withdrawal was sent to your address. It can take up to 30 minutes to arrive.',
    );
    await answer.press('End');
    await answer.pressSequentially(' Please check again now.');
    await toastsGone(desk);
    await screenshot(desk, 'support-desk-answer', 390);
    await desk.getByRole('button', { name: 'Send answer' }).click();
    await expect(thread.getByRole('listitem')).toHaveCount(4);
    await toastsGone(desk);
  });

  await test.step('the desk at every width, and the filter of my tickets', async () => {
    const violations: string[] = [];
    for (const width of WIDTHS) {
      await desk.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await desk.goto(`/operator/tickets?status=all&assigned=me&ticket=${ticketId}`);
      await expect(
        desk.getByRole('list', { name: 'Messages' }).getByRole('img', { name: /^Image from/ }),
      ).toBeVisible();
      await screenshot(desk, 'support-desk-thread', width);
      violations.push(...(await seriousViolations(desk)).map((line) => `desk @${width}: ${line}`));
      await desk.goto('/operator/tickets?status=all&assigned=me');
      await expect(desk.getByRole('link', { name: new RegExp(subject) })).toContainText(
        `Assigned to ${OPERATOR.email}`,
      );
      await screenshot(desk, 'support-desk-inbox', width);
    }
    expect(violations).toEqual([]);
  });

  await test.step('the member reads the answer and the image, never the note', async () => {
    const violations: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto(`/query?ticket=${ticketId}`);
      const thread = page.getByRole('list', { name: 'Messages' });
      await expect(thread.getByRole('listitem')).toHaveCount(3);
      await expect(thread).toContainText('Please check again now.');
      await expect(thread.getByRole('img', { name: 'Image from you' })).toBeVisible();
      await expect(page.getByText(note)).toHaveCount(0);
      // The image and support's answer, at the end of the thread.
      await thread.getByRole('listitem').last().scrollIntoViewIfNeeded();
      await screenshot(page, 'support-desk-member-thread', width);
      violations.push(
        ...(await seriousViolations(page)).map((line) => `member @${width}: ${line}`),
      );
    }
    expect(violations).toEqual([]);
    const seen = await memberApi.get(`/api/v1/ticket/ticket-msg?ticketId=${ticketId}`);
    expect(await seen.text()).not.toContain('Internal:');
    const feed = await memberApi.get('/api/v1/notification');
    expect(await feed.text()).not.toContain('Internal:');
  });

  await memberApi.dispose();
  await operatorContext.close();
  // The refused file is the browser's own log line of the 422; the app says it in a toast.
  expect(memberErrors.filter((line) => !/status of 422/.test(line))).toEqual([]);
  expect(deskErrors).toEqual([]);
});
