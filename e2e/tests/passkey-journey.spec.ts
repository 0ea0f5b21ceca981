import type { BrowserContext, Page } from '@playwright/test';
import { expect, signInWithToken, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { screenshot, toastsGone, watchConsole } from './support.ts';

// Passkeys end to end on a phone (decision 0048), with Chromium's virtual authenticator standing
// in for the phone's fingerprint reader: a member adds a passkey from the profile and saves the
// recovery codes, lets it sign in alone (a step-up by passkey first), signs in with it alone,
// then with the password and the passkey as the second step.

/** A platform authenticator that holds discoverable passkeys and verifies its user. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
}

test('a member adds a passkey, signs in with it alone and as the second step', async ({
  page: phone,
  context,
  baseURL,
  insertNewMember,
}) => {
  test.setTimeout(120_000);
  const member = await insertNewMember({ name: 'Passkey Member' });
  // Passkeys belong to a domain name: the same server, opened as localhost.
  const site = baseURL!.replace('127.0.0.1', 'localhost');
  await phone.setViewportSize({ width: 390, height: 844 });
  await addVirtualAuthenticator(context, phone);
  const consoleErrors = watchConsole(phone);
  await signInWithToken(phone, site, member);

  await test.step('add a passkey from the profile and save the recovery codes', async () => {
    await phone.goto(`${site}/profile`);
    const card = phone.getByRole('region', { name: 'Passkeys' });
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Passkey name').fill('My phone');
    await dialog.getByLabel('Password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const codes = phone.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await phone.getByLabel('I have saved my recovery codes').check();
    await phone.getByRole('button', { name: 'Done' }).click();
    await expect(card.getByText('My phone')).toBeVisible();
    await expect(card.getByText('not used yet')).toBeVisible();
    await expect(
      phone
        .getByRole('region', { name: 'Two-factor authentication' })
        .getByText('On', { exact: true }),
    ).toBeVisible();
  });

  await test.step('let the passkey sign in alone, confirming with it first', async () => {
    const card = phone.getByRole('region', { name: 'Passkeys' });
    // The switch shows the server's state: it turns on once the change is made.
    await card.getByLabel('Sign in with a passkey alone, without the password').click();
    const stepUp = phone.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(stepUp.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await toastsGone(phone);
    await screenshot(phone, 'passkey-step-up', 390);
    await stepUp.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(stepUp).toBeHidden();
    await expect(
      card.getByLabel('Sign in with a passkey alone, without the password'),
    ).toBeChecked();
    await expect(card.getByText(/last used/)).toBeVisible();
    await toastsGone(phone);
    await screenshot(phone, 'passkeys-card', 390);
    expect(await seriousViolations(phone)).toEqual([]);
  });

  await test.step('sign out, then sign in with the passkey alone', async () => {
    await signOut(phone);
    await screenshot(phone, 'passkey-sign-in', 390);
    await phone
      .getByRole('form', { name: 'Sign in' })
      .getByRole('button', { name: 'Use a passkey' })
      .click();
    await expect(phone).toHaveURL(/\/dashboard$/);
  });

  await test.step('sign out, then the password and the passkey as the second step', async () => {
    await signOut(phone);
    await phone.getByLabel('Registered ID').fill(member.code);
    await phone.getByLabel('Password', { exact: true }).fill(member.password);
    await phone.getByRole('button', { name: 'SIGN IN' }).click();
    const step = phone.getByRole('form', { name: 'Two-factor authentication' });
    await expect(step.getByRole('button', { name: 'Use your passkey' })).toBeVisible();
    await expect(step.getByLabel('Recovery code')).toBeVisible();
    await screenshot(phone, 'passkey-second-step', 390);
    await step.getByRole('button', { name: 'Use your passkey' }).click();
    await expect(phone).toHaveURL(/\/dashboard$/);
  });

  await test.step('the history names the passkey; the profile at every width', async () => {
    await phone.goto(`${site}/profile`);
    await expect(
      phone.getByRole('region', { name: 'Sign-in history' }).getByText('Passkey').first(),
    ).toBeVisible();
    for (const width of [1280, 900, 390]) await screenshot(phone, 'passkeys-profile', width);
  });
  // The refusals the app answered itself (the step-up's 403, the password step's 401) show as
  // failed resources; anything else is an error.
  const handled = /Failed to load resource: the server responded with a status of 40[13]/;
  expect(consoleErrors.filter((error) => !handled.test(error))).toEqual([]);
});
