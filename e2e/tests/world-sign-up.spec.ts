import { expect, test } from './fixtures.ts';
import { screenshot, waitForCode, waitForMail, watchConsole } from './support.ts';

// Members from any country sign up with their own mobile numbers (decision 0051), on a phone.
const WIDTH = 390;
const password = 'a long journey passphrase';

const countries = [
  {
    name: 'Germany',
    search: 'Germany',
    option: /^Germany.*\+49/,
    wrong: '1511234',
    // Typed with its trunk 0 and 11 digits after it: kept whole, sent on as E.164.
    typed: '015112345678',
    stored: '+4915112345678',
  },
  {
    name: 'United States',
    search: 'United States of',
    option: /^United States of America.*\+1/,
    wrong: '9876543210',
    typed: '2015550123',
    stored: '+12015550123',
  },
] as const;

for (const country of countries) {
  test(`a visitor with a ${country.name} mobile signs up at ${WIDTH} px and is mailed the Registered ID`, async ({
    page,
  }) => {
    const consoleErrors = watchConsole(page);
    const email = `world.${country.stored.slice(1)}.${Date.now()}@example.com`;
    const slug = country.name.toLowerCase().replace(/\s+/g, '-');
    await page.setViewportSize({ width: WIDTH, height: 844 });
    await page.goto('/register');
    await expect(page.getByRole('status', { name: 'Robot check' })).toHaveText('Robot check done.');
    await page.getByLabel('Invitation Id').fill('demoroot');
    await expect(page.getByText('Demo Root')).toBeVisible();
    await page.getByLabel('Code').fill(country.search);
    await page.getByRole('option', { name: country.option }).click();

    // A number the country does not have: the field says which country's rules it broke.
    await page.getByLabel('Mobile').fill(country.wrong);
    await page.getByLabel('Name').fill('World Member');
    await page.getByLabel('Email Id').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'SIGN UP' }).click();
    await expect(page.getByText(`Mobile is not a valid number for ${country.name}`)).toBeVisible();
    await page.getByLabel('Mobile').scrollIntoViewIfNeeded();
    await screenshot(page, `sign-up-${slug}-refused`, WIDTH);

    await page.getByLabel('Mobile').fill(country.typed);
    await expect(page.getByLabel('Mobile')).toHaveValue(country.typed);
    await expect(page.getByText(`Mobile is not a valid number for ${country.name}`)).toBeHidden();
    await screenshot(page, `sign-up-${slug}-filled`, WIDTH);
    const registered = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/auth/register'),
    );
    await page.getByRole('button', { name: 'SIGN UP' }).click();
    expect((await registered).status()).toBe(200);

    await expect(page).toHaveURL(/\/login\?referralCode=[A-Z0-9]{8}$/);
    const code = new URL(page.url()).searchParams.get('referralCode')!;
    await expect(page.getByRole('textbox', { name: 'Registered ID' })).toHaveValue(code);
    await expect(page.getByText('Or the email you signed up with')).toBeVisible();
    await screenshot(page, `sign-up-${slug}-registered`, WIDTH);

    // The welcome mail carries the Registered ID and the link to sign in with it.
    const welcome = await waitForMail(email, 15_000, (mail) => mail.subject.startsWith('Welcome'));
    expect(welcome.text).toContain(`Your Registered ID is ${code}.`);
    const link = new URL(/(https?:\/\/\S+)/.exec(welcome.text)![1]!);
    expect(link.pathname).toBe('/login');
    expect(link.searchParams.get('referralCode')).toBe(code);

    // Verified and signed in, the profile shows the number as stored.
    const otp = await waitForCode(email);
    await page.goto('/verify-otp');
    await page.getByLabel('Verification code').fill(otp);
    await page.getByRole('button', { name: /verify/i }).click();
    await expect(page.getByText('Email verified')).toBeVisible();
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('textbox', { name: 'Registered ID' })).toHaveValue(code);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    await expect(page.getByText(country.stored)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}
