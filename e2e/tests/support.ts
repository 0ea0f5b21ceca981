import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { MAIL_DIR, SCREENSHOT_DIR } from '../global-setup.ts';

export const WIDTHS = [1280, 900, 390] as const;
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-pass-2026';

export type Mail = { to: string[]; subject: string; text: string };

/** Every mail to `to` so far, oldest first (written by the global setup's SMTP sink). */
export const mailsTo = (to: string): Mail[] =>
  existsSync(MAIL_DIR)
    ? readdirSync(MAIL_DIR)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => JSON.parse(readFileSync(join(MAIL_DIR, name), 'utf8')) as Mail)
        .filter((mail) => mail.to.includes(to.toLowerCase()))
    : [];

/** Waits for the newest mail to an address, or the newest one that `match` accepts. */
export async function waitForMail(
  to: string,
  timeoutMs = 15_000,
  match: (mail: Mail) => boolean = () => true,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(() => (found = mailsTo(to).reverse().find(match)), {
      message: `no mail to ${to}`,
      timeout: timeoutMs,
    })
    .toBeDefined();
  return found!;
}

export const otpOf = (mail: Mail) => /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';

/** The code of the newest mail to `to` that carries one (a notice sent beside it has none). */
export const waitForCode = async (to: string): Promise<string> =>
  otpOf(await waitForMail(to, 15_000, (mail) => otpOf(mail) !== ''));

/** Fails the test on any console error or uncaught page error. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function screenshot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  // A screen holding the live price stream open (market pairs) never goes network-idle: past a
  // few seconds the rest has loaded, and the spec has checked what it shows before.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await saveScreenshot(page, name, width);
}

/**
 * The screenshot of the page as it is now, for a caller that has already waited for the screen
 * to be complete (the route visits: every placeholder gone after a scroll through), so it need
 * not wait out the half second of network idle `screenshot` does.
 */
export async function saveScreenshot(page: Page, name: string, width: number): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: false });
}

/**
 * Signs in through the sign-in form and lands on the dashboard, typing and submitting at machine
 * speed: on the prerendered page, that happens while the app loads and takes the form over.
 */
export async function signIn(page: Page, loginId: string, password: string): Promise<void> {
  await page.getByLabel('Registered ID').fill(loginId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in to the operator console through its own sign-in screen and lands on the overview. */
export async function signInToConsole(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/operator/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL(/\/operator$/);
}

/**
 * The code of the first mail to `to` after the first `after` of them that carries one: a notice
 * sent by the outbox (a payout address saved) may arrive between the two.
 */
export async function codeAfter(to: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(() => (code = mailsTo(to).slice(after).map(otpOf).find(Boolean) ?? ''), {
      message: `a mail with a code to ${to}`,
      timeout: 15_000,
    })
    .not.toBe('');
  return code;
}

/**
 * No toast hides the screen for a screenshot: each is closed with its own close button, as a
 * member would, and closed again if another arrives meanwhile. Waiting out their 3 seconds cost
 * every screenshot after an action that much, or far more where a background page's lost focus
 * paused them.
 */
export async function toastsGone(page: Page): Promise<void> {
  const toasts = page.locator('.Toastify__toast');
  await expect
    .poll(
      async () => {
        await page
          .locator('.Toastify__close-button')
          .evaluateAll((buttons) =>
            buttons.forEach((button) => (button as { click: () => void }).click()),
          );
        return toasts.count();
      },
      { timeout: 15_000 },
    )
    .toBe(0);
}

/**
 * A browser whose session another one ended lands on sign-in with "Session expired": at once when
 * its screen holds a price stream (the server closes it, and the app's next try is refused), else
 * on its next screen. The click is only that next screen: the link may be gone by then, and the
 * checks after it say where the browser landed either way.
 */
export async function expectSessionOverOn(page: Page): Promise<void> {
  const signInButton = page.getByRole('button', { name: 'SIGN IN' });
  const packagesLink = page
    .getByRole('navigation', { name: /^(Main menu|Quick navigation)$/ })
    .getByRole('link', { name: 'Packages' })
    .first();
  await expect(signInButton.or(packagesLink).first()).toBeVisible();
  if (!(await signInButton.isVisible()))
    await packagesLink.click({ timeout: 5_000 }).catch(() => undefined);
  await expect(page).toHaveURL(/\/$/);
  await expect(signInButton).toBeVisible();
  await expect(page.getByText('Session expired, please sign in again')).toBeVisible();
}

/**
 * A browser whose account may no longer be used (blocked, or closed) lands on sign-in with the
 * notice in `words` and the support address as a link, not "Session expired"; signing in again
 * with the right password shows the same notice, never a wrong password. Screenshots
 * `<shot>-session` and `<shot>-sign-in`.
 */
export async function expectInactiveAccountNotice(
  page: Page,
  member: { code: string; password: string },
  { words, shot, width }: { words: string; shot: string; width: number },
): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: words, has: page.getByRole('link') });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link')).toHaveAttribute('href', /^mailto:support@/);
  await expect(page.getByText('Session expired, please sign in again')).toHaveCount(0);
  await toastsGone(page);
  await screenshot(page, `${shot}-session`, width);

  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Registered ID' }).fill(member.code);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeEnabled();
  await toastsGone(page);
  await screenshot(page, `${shot}-sign-in`, width);
}

/**
 * Scrolls `place` into view, again if it gave way to another element during the scroll: a card
 * that loads as it nears the viewport replaces its placeholder as it is scrolled to.
 */
export const scrollToSwappingPlace = (place: Locator) =>
  expect(() => place.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
