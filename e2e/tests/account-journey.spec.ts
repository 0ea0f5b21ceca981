import { join } from 'node:path';
import { request, type Page } from '@playwright/test';
import { SCREENSHOT_DIR } from '../global-setup.ts';
import { expect, test } from './fixtures.ts';
import {
  expectSessionOverOn,
  otpOf,
  screenshot,
  signIn,
  waitForMail,
  watchConsole,
  WIDTHS,
} from './support.ts';

const NEW_PASSWORD = 'a fresh account passphrase';

/** Nothing on the page is wider than the screen (a long email or link wraps or scrolls inside). */
async function expectNothingWider(page: Page, width: number) {
  const overflow = await page.evaluate(() => {
    // Runs in the browser; the e2e project has no DOM types.
    type Html = { scrollWidth: number; clientWidth: number };
    const browser = globalThis as unknown as { document: { documentElement: Html } };
    return (
      browser.document.documentElement.scrollWidth - browser.document.documentElement.clientWidth
    );
  });
  expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
}

/** The answer the API gives a token now: 200 while its session lives, 401 once it ended. */
async function statusOfToken(baseURL: string, token: string): Promise<number> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  const status = (await api.get('/api/v1/auth/me')).status();
  await api.dispose();
  return status;
}

test('a password change signs out another browser and keeps this one', async ({
  browser,
  baseURL,
  insertNewMember,
}) => {
  const member = await insertNewMember({ name: 'Two Browsers' });
  const here = await browser.newContext();
  const there = await browser.newContext();
  const page = await here.newPage();
  const other = await there.newPage();
  const consoleErrors = [...[page, other].map(watchConsole)];
  for (const tab of [page, other]) {
    await tab.goto('/');
    await signIn(tab, member.code, member.password);
  }
  // The browser is a device the account has not signed in from (it was made through the API).
  const newDevice = await waitForMail(
    member.email,
    15_000,
    (mail) => mail.subject === 'New sign-in to your account',
  );
  expect(newDevice.text).toContain('change your password');

  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(member.password);
  await form.getByLabel('New password').fill(NEW_PASSWORD);
  await form.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices were signed out.')).toBeVisible();
  const mail = await waitForMail(
    member.email,
    15_000,
    (candidate) => candidate.subject === 'Your password was changed',
  );
  expect(mail.text).not.toContain(NEW_PASSWORD);

  await expectSessionOverOn(other);

  // This browser goes on, and the API token made at registration ended too.
  await page.getByRole('link', { name: 'Packages' }).first().click();
  await expect(page).toHaveURL(/\/packages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Packages' })).toBeVisible();
  expect(await statusOfToken(baseURL!, member.token)).toBe(401);

  // The old password is refused; the new one signs the other browser in again.
  await other.getByLabel('Registered ID').fill(member.code);
  await other.getByLabel('Password', { exact: true }).fill(member.password);
  await other.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(other.getByText('Invalid Registered ID or password')).toBeVisible();
  await signIn(other, member.code, NEW_PASSWORD);

  expect(consoleErrors.flat().filter((error) => !isExpected401(error))).toEqual([]);
  await here.close();
  await there.close();
});

// A refused request shows in Chromium's console as a failed resource; the app handled it.
const isExpected401 = (error: string) =>
  /Failed to load resource: the server responded with a status of (401|422)/.test(error);

test('a forgotten password is reset with the emailed code, ending every session', async ({
  page,
  baseURL,
  insertNewMember,
}) => {
  const consoleErrors = watchConsole(page);
  const member = await insertNewMember({ name: 'Forgetful Member' });
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  for (const width of [1280, 390]) {
    await screenshot(page, 'forgot-password', width);
    await expectNothingWider(page, width);
  }
  await page.getByLabel('Registered ID or email').fill(member.email);
  await page.getByRole('button', { name: 'SEND RESET CODE' }).click();

  await expect(page).toHaveURL(/\/reset-password\?loginId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  const codeMail = await waitForMail(member.email, 15_000, (mail) =>
    mail.text.includes('reset your password'),
  );
  for (const width of [1280, 390]) {
    await screenshot(page, 'reset-password', width);
    await expectNothingWider(page, width);
  }
  await page.getByLabel('Reset code').fill(otpOf(codeMail));
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();

  await expect(page.getByText('Your password was reset. Sign in with the new one.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await statusOfToken(baseURL!, member.token)).toBe(401);
  const notice = await waitForMail(
    member.email,
    15_000,
    (mail) => mail.subject === 'Your password was reset',
  );
  expect(notice.text).not.toContain(NEW_PASSWORD);
  await signIn(page, member.code, NEW_PASSWORD);
  expect(consoleErrors.filter((error) => !isExpected401(error))).toEqual([]);
});

test('the profile shows the details, the invitation link, the payout address and the password form', async ({
  page,
  login,
}) => {
  const consoleErrors = watchConsole(page);
  const member = await login({ name: 'Profile Member' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details).toContainText(member.code);
  await expect(details).toContainText(member.email);
  await expect(details).toContainText('Verified');
  await expect(details).toContainText('Demo Root (DEMOROOT)');
  await expect(page.getByRole('region', { name: 'Invite members' })).toContainText(member.code);
  await expect(
    page.getByRole('region', { name: 'Payout address' }).getByLabel('USDT address'),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();

  for (const width of WIDTHS) {
    await screenshot(page, 'profile', width);
    await expectNothingWider(page, width);
  }
  // On a phone it is the bottom bar's Profile tab.
  await expect(
    page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('link', { name: 'Profile' }),
  ).toBeVisible();
  // The whole screen on a phone, below the fold too.
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'profile-390-full.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test('on a phone, a member changes their name and mobile, then their email with the code sent to the new address', async ({
  page,
  login,
}) => {
  const consoleErrors = watchConsole(page);
  const member = await login({ name: 'Moving Member' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile');
  const details = page.getByRole('region', { name: 'Your details' });

  await details.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit your details' });
  await edit.getByLabel('Name').fill('Moved Member');
  await edit.getByLabel('Mobile number').fill('+1 212 555 0142');
  await screenshot(page, 'own-details-dialog', 390);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your details were saved')).toBeVisible();
  await expect(details).toContainText('Moved Member');
  await expect(details).toContainText('+12125550142');

  const next = `moved-${member.code.toLowerCase()}@example.com`;
  await details.getByRole('button', { name: 'Change email' }).click();
  const change = page.getByRole('dialog', { name: 'Change your email' });
  await change.getByLabel('New email').fill(next);
  await change.getByLabel('Your password').fill(member.password);
  await change.getByRole('button', { name: 'Send code' }).click();
  const codeMail = await waitForMail(next, 15_000, (mail) => mail.text.includes('email address'));
  await change.getByLabel('Code', { exact: true }).fill(otpOf(codeMail));
  await screenshot(page, 'email-change-code', 390);
  await change.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Your email is now ${next}`)).toBeVisible();
  await expect(details).toContainText(next);
  // The old address is told, and so is the new one.
  await waitForMail(
    member.email,
    15_000,
    (mail) => mail.subject === 'The email of your account was changed',
  );
  expect(consoleErrors).toEqual([]);
});
