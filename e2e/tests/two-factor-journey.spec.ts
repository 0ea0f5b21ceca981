import type { Page } from '@playwright/test';
import { request } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect, signInWithToken, test } from './fixtures.ts';
import { creditProfit, savePayoutAddress } from './member-money.ts';
import { seriousViolations } from './axe.ts';
import { codeAfter, mailsTo, screenshot, signIn, toastsGone, watchConsole } from './support.ts';

// Two-factor authentication end to end on a phone (decisions 0045 and 0047): a member turns the
// authenticator app on and saves the recovery codes, withdraws with a step-up code, signs out
// and in again with a code, and ends the laptop's session from the device list.

const STEP_MS = 30_000;

/**
 * A code of the member's app for a step not used yet: the server takes one step of drift either
 * way and each step once, so the journey's uses take the step before the current one, then the
 * next steps in turn (three uses stay within the drift whatever the time), and never wait.
 */
function nextCode(totp: OTPAuth.TOTP, used: { lastStep: number }): string {
  const current = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(used.lastStep + 1, current - 1);
  if (step > current + 1) throw new Error('no step left within the drift the server allows');
  used.lastStep = step;
  return totp.generate({ timestamp: step * STEP_MS });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
}

test('a member turns on the authenticator app, withdraws with a step-up, signs in with a code and ends another session', async ({
  browser,
  baseURL,
  insertNewMember,
}) => {
  test.setTimeout(180_000);
  const member = await insertNewMember({ name: 'Two Factors' });
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${member.token}` },
  });
  await creditProfit(baseURL!, member, 50, 'Journey funding for a withdrawal');
  await savePayoutAddress(api, member);
  await api.dispose();

  // A laptop signed in first, by password; then the phone, where the journey happens.
  const laptop = await (await browser.newContext()).newPage();
  await laptop.goto('/');
  await signIn(laptop, member.code, member.password);
  const phone = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  const consoleErrors = watchConsole(phone);
  await signInWithToken(phone, baseURL!, member);
  const used = { lastStep: 0 };
  let totp: OTPAuth.TOTP | null = null;
  let recoveryCodes: string[] = [];

  await test.step('turn on the authenticator app and save the recovery codes', async () => {
    await phone.goto('/profile');
    const card = phone.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Set up authenticator app' }).click();
    const dialog = phone.getByRole('dialog');
    await dialog.getByLabel('Password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    await screenshot(phone, 'two-factor-scan', 390);
    const key = (await dialog.locator('code').innerText()).replace(/\s/g, '');
    totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key) });
    await dialog.getByLabel('Code from the app').fill(nextCode(totp, used));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    recoveryCodes = await codes.allInnerTexts();
    await screenshot(phone, 'two-factor-recovery-codes', 390);
    const done = dialog.getByRole('button', { name: 'Done' });
    await expect(done).toBeDisabled();
    await dialog.getByLabel('I have saved my recovery codes').check();
    await done.click();
    await expect(card).toContainText('On');
    expect(recoveryCodes.every((code) => /^[A-Z2-9]{5}-[A-Z2-9]{5}$/.test(code.trim()))).toBe(true);
  });

  await test.step('withdraw $20 of profit: the emailed code, then a step-up code', async () => {
    await phone.goto('/fund/withdrawal');
    const form = phone.getByRole('form', { name: 'Withdrawal' });
    await form.getByRole('radio', { name: /Profit wallet/ }).check();
    await form.getByRole('textbox', { name: 'Amount' }).fill('20');
    const before = mailsTo(member.email).length;
    await form.getByRole('button', { name: 'Send code' }).click();
    const confirm = phone.getByRole('form', { name: 'Confirm withdrawal' });
    await confirm.getByLabel('Email code').fill(await codeAfter(member.email, before));
    await confirm.getByRole('button', { name: 'Confirm withdrawal' }).click();
    const stepUp = phone.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(stepUp).toBeVisible();
    await toastsGone(phone);
    await screenshot(phone, 'two-factor-step-up', 390);
    await stepUp.getByLabel('Code').fill(nextCode(totp!, used));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(phone).toHaveURL(/\/fund\/withdrawal-history$/);
    await expect(phone.getByText('$20.00').first()).toBeVisible();
  });

  await test.step('sign out, then sign in with the password and a code', async () => {
    await signOut(phone);
    await phone.getByLabel('Registered ID').fill(member.code);
    await phone.getByLabel('Password', { exact: true }).fill(member.password);
    await phone.getByRole('button', { name: 'SIGN IN' }).click();
    const step = phone.getByRole('form', { name: 'Two-factor authentication' });
    await screenshot(phone, 'two-factor-sign-in', 390);
    await step.getByLabel('Authenticator code').fill(nextCode(totp!, used));
    await step.getByRole('button', { name: 'VERIFY' }).click();
    await expect(phone).toHaveURL(/\/dashboard$/);
  });

  await test.step("see the devices and end the laptop's session", async () => {
    await phone.goto('/profile');
    const card = phone.getByRole('region', { name: 'Sessions and devices' });
    await expect(card.getByText('This device')).toBeVisible();
    await card.getByRole('button', { name: 'End all other sessions' }).click();
    await phone.getByRole('dialog').getByRole('button', { name: /^End/ }).click();
    await expect(card.getByRole('button', { name: /^End session/ })).toHaveCount(0);
    // Its toast first shows, then goes: the accessibility check reads the screen without it.
    await expect(phone.getByText(/other session ended/)).toBeVisible();
    await toastsGone(phone);
    await screenshot(phone, 'two-factor-devices', 390);
    expect(await seriousViolations(phone)).toEqual([]);
    // The laptop's next screen is the sign-in.
    await laptop.goto('/profile');
    await expect(laptop.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
  });

  // The history shows the two-step sign-in by its method.
  await phone.goto('/profile');
  await expect(
    phone.getByRole('region', { name: 'Sign-in history' }).getByText('Authenticator app').first(),
  ).toBeVisible();
  // Chromium lists the refusals the app answered (the step-up's 403, the password step's 401) as
  // failed resources; anything else is an error.
  const handled = /Failed to load resource: the server responded with a status of 40[13]/;
  expect(consoleErrors.filter((error) => !handled.test(error))).toEqual([]);
});
