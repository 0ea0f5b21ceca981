import { request, type Browser, type Page } from '@playwright/test';
import { expect, OPERATOR, test, type Member } from './fixtures.ts';
import { creditProfit, savePayoutAddress } from './member-money.ts';
import { seriousViolations } from './axe.ts';
import {
  codeAfter,
  mailsTo,
  screenshot,
  signInToConsole,
  toastsGone,
  waitForMail,
  watchConsole,
  WIDTHS,
} from './support.ts';

// Identity verification end to end on a phone (decision 0055): a member is refused a withdrawal
// past the $1,000 total until verified, uploads the documents, an operator asks for one of them
// again, the member sends it and resubmits, the operator approves, and the withdrawal goes
// through. The console and the member's screen are shot at 1280, 900 and 390 px.

const PHONE = { width: 390, height: 844 };

/** A 24 × 16 PNG (standing in for the camera's photo), and a one-page PDF scan. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWOwyltKFcQwapDVaBhZjaajvNEskkd+OgAAIs3zkLTTQXsAAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

/** The withdrawal form on the phone: $1,100 of profit asked for; returns the number of mails before. */
async function askForCode(page: Page, member: Member): Promise<number> {
  await page.goto('/fund/withdrawal');
  const form = page.getByRole('form', { name: 'Withdrawal' });
  await form.getByRole('radio', { name: /Profit wallet/ }).check();
  await form.getByRole('textbox', { name: 'Amount' }).fill('1100');
  const before = mailsTo(member.email).length;
  await form.getByRole('button', { name: 'Send code' }).click();
  return before;
}

/** The withdrawal form on the phone: $1,100 of profit, with the emailed code. */
async function askToWithdraw(page: Page, member: Member): Promise<void> {
  const before = await askForCode(page, member);
  const confirm = page.getByRole('form', { name: 'Confirm withdrawal' });
  await confirm.getByLabel('Email code').fill(await codeAfter(member.email, before));
  await confirm.getByRole('button', { name: 'Confirm withdrawal' }).click();
}

async function consoleOf(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInToConsole(page, OPERATOR.email, OPERATOR.password);
  return { page, errors, close: () => context.close() };
}

/** The member's submission opened from the queue, as a reviewer would. */
async function openSubmission(page: Page, member: Member) {
  await page.goto('/operator/verification');
  await page
    .getByRole('list', { name: 'Submissions' })
    .getByRole('link', { name: new RegExp(member.code) })
    .click();
  const submission = page.getByRole('article', { name: `Submission of ${member.name}` });
  await expect(submission).toContainText(member.email);
  return submission;
}

test('a member verifies their identity after a refused withdrawal, and then withdraws', async ({
  page,
  browser,
  login,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const member = await login({ name: `Verifying Member ${Date.now() % 100000}` });
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${member.token}` },
  });
  await creditProfit(baseURL!, member, 1500, 'Journey funding for a verified withdrawal');
  await savePayoutAddress(api, member);
  await page.setViewportSize(PHONE);

  await test.step('a withdrawal past $1,000 is refused, saying why and where to go', async () => {
    await page.goto('/fund/withdrawal');
    const notice = page.getByRole('alert').filter({ hasText: 'need a verified identity' });
    // The first screen of a fresh browser: its chunks may take a while on a loaded machine.
    await expect(notice).toContainText(
      'Withdrawals past $1,000.00 more need a verified identity.',
      { timeout: 30_000 },
    );
    // Refused before any code is mailed: the member need not fetch one to hear it.
    const before = await askForCode(page, member);
    await expect(
      page.getByText(
        /^Verify your identity first: with this one your withdrawals come to \$1,100\.00/,
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/fund\/withdrawal$/);
    await expect(page.getByRole('form', { name: 'Confirm withdrawal' })).toHaveCount(0);
    expect(mailsTo(member.email).length).toBe(before);
    await page.getByRole('link', { name: 'Verify now' }).click();
    await expect(page).toHaveURL(/\/verification$/);
  });

  await test.step('the member fills the form and uploads the documents from the phone', async () => {
    await expect(page.getByText('Not started')).toBeVisible();
    await page.getByLabel('Country of your document').selectOption('IN');
    await page.getByLabel('Legal name').fill('Asha Verma');
    await page.getByLabel('Date of birth').fill('1990-04-12');
    await page.getByLabel('Nationality').selectOption('IN');
    await page.getByLabel('Document number').fill('P1234567');
    await page.getByLabel('Document expiry').fill('2031-01-31');
    // A wrong type is said before anything is sent.
    const front = page.getByRole('region', { name: 'Identity document, front' });
    await front
      .getByLabel('Identity document, front file')
      .setInputFiles(file('notes.txt', 'text/plain', Buffer.from('not a photo')));
    await expect(front.getByRole('alert')).toContainText('not a JPEG, PNG, HEIC or PDF');
    await front
      .getByLabel('Identity document, front file')
      .setInputFiles(file('front.png', 'image/png', PNG));
    await expect(front.getByText(/^Uploaded, /)).toBeVisible();
    await expect(
      front.getByRole('img', { name: 'Preview of Identity document, front' }),
    ).toBeVisible();
    const back = page.getByRole('region', { name: 'Identity document, back' });
    await back
      .getByLabel('Identity document, back file')
      .setInputFiles(file('back.pdf', 'application/pdf', PDF));
    await expect(back.getByText(/^Uploaded, /)).toBeVisible();
    const selfie = page.getByRole('region', { name: 'Selfie holding the document' });
    await selfie
      .getByLabel('Selfie holding the document file')
      .setInputFiles(file('selfie.png', 'image/png', PNG));
    await expect(selfie.getByText(/^Uploaded, /)).toBeVisible();
    await toastsGone(page);
    for (const width of WIDTHS) {
      await screenshot(page, 'verification-form', width);
      expect(await seriousViolations(page), `form @${width}`).toEqual([]);
    }
    await front.scrollIntoViewIfNeeded();
    await screenshot(page, 'verification-documents', 390);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('In review')).toBeVisible();
    await waitForMail(
      member.email,
      15_000,
      (mail) => mail.subject === 'We received your identity documents',
    );
  });

  const admin = await consoleOf(browser);

  await test.step('the operator asks for the selfie again', async () => {
    const submission = await openSubmission(admin.page, member);
    await expect(
      submission.getByRole('img', { name: 'Selfie holding the document' }),
    ).toBeVisible();
    await expect(submission).toContainText('Asha Verma');
    await toastsGone(admin.page);
    for (const width of WIDTHS) {
      await screenshot(admin.page, 'operator-verification', width);
      expect(await seriousViolations(admin.page), `console @${width}`).toEqual([]);
    }
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    const decision = submission.getByRole('form', { name: 'Decision' });
    await decision.getByRole('button', { name: 'Ask for a document again' }).click();
    await decision.getByRole('combobox', { name: 'Document' }).click();
    await admin.page.getByRole('option', { name: 'Selfie holding the document' }).click();
    await decision.getByLabel('Note to the member').fill('Your face is cut off at the top');
    await decision.getByRole('button', { name: 'Ask again' }).click();
    await expect(submission.getByText('Asked again: Selfie holding the document')).toBeVisible();
    await expect(submission.getByRole('form', { name: 'Decision' })).toHaveCount(0);
  });

  await test.step('the member sees what to fix, sends the selfie again and resubmits', async () => {
    await page.goto('/verification');
    await expect(page.getByText('Send again: Selfie holding the document')).toBeVisible();
    await expect(page.getByText(/Reviewer’s note: Your face is cut off at the top/)).toBeVisible();
    const front = page.getByRole('region', { name: 'Identity document, front' });
    await expect(front.getByText(/^Kept from your last submission/)).toBeVisible();
    const selfie = page.getByRole('region', { name: 'Selfie holding the document' });
    await selfie
      .getByLabel('Selfie holding the document file')
      .setInputFiles(file('selfie-2.png', 'image/png', PNG));
    await expect(selfie.getByText(/^Uploaded, /)).toBeVisible();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('In review')).toBeVisible();
  });

  await test.step('the operator approves', async () => {
    const submission = await openSubmission(admin.page, member);
    const decision = submission.getByRole('form', { name: 'Decision' });
    await decision.getByRole('button', { name: 'Approve', exact: true }).last().click();
    await expect(submission.getByText('Approved', { exact: true })).toBeVisible();
    await expect(submission.getByRole('form', { name: 'Decision' })).toHaveCount(0);
    expect(admin.errors).toEqual([]);
    await admin.close();
  });

  await test.step('the member is verified, told so, and the withdrawal goes through', async () => {
    await waitForMail(member.email, 15_000, (mail) => mail.subject === 'Your identity is verified');
    await page.goto('/verification');
    await expect(page.getByText('Your identity is verified')).toBeVisible();
    await toastsGone(page);
    for (const width of WIDTHS) {
      await screenshot(page, 'verification-approved', width);
      expect(await seriousViolations(page), `member @${width}`).toEqual([]);
    }
    await page.setViewportSize(PHONE);
    await askToWithdraw(page, member);
    await expect(page).toHaveURL(/\/fund\/withdrawal-history$/);
    await expect(page.getByText('$1,100.00').first()).toBeVisible();
  });

  // The browser logs the one refusal the journey asked for; nothing else went wrong.
  const refused = 'Failed to load resource: the server responded with a status of 409 (Conflict)';
  expect(errors.filter((error) => error !== refused)).toEqual([]);
  expect(errors.filter((error) => error === refused)).toHaveLength(1);
  await api.dispose();
});
