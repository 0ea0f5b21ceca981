import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, watchConsole } from './support.ts';

// The first screens the server sends as HTML (decision 0018): painted before any script, then
// taken over by the app. The app's scripts are held back where a test needs the HTML alone.

/** Holds the app's scripts until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The GETs the frame page's early script sends for the dashboard (app/first-screen.ts). */
const FIRST_SCREEN_GETS = [
  'auth/wallet-balance',
  'notification',
  'auth/me',
  'package/todays-claim-status',
  'auth/unique-referal',
  'verification',
];

/** The page's <html data-prerendered>: the screen it arrived with, 'stale', or null once the app's. */
const prerendered = (page: Page) =>
  page.evaluate(() => {
    // Runs in the browser; the e2e project has no DOM types.
    type Html = { dataset: Record<string, string | undefined> };
    const browser = globalThis as unknown as { document: { documentElement: Html } };
    return browser.document.documentElement.dataset.prerendered ?? null;
  });

/**
 * In the page: the style rules emotion has inserted so far (its element keyed without ids),
 * each shortened.
 */
const INSERTED_RULES = `[...document.querySelectorAll('style[data-emotion="css"]')].flatMap((style) =>
  [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText.slice(0, 120)))`;

/**
 * Starts watching for the app's first commit (app-root.tsx removes <html data-prerendered> in
 * its layout effect) and keeps the style rules emotion had inserted by then: what that commit
 * cost, before any card loaded later adds its own.
 */
const watchFirstCommitStyles = (page: Page) =>
  page.evaluate(`{
    const root = document.documentElement;
    new MutationObserver((_records, observer) => {
      if (root.hasAttribute('data-prerendered')) return;
      observer.disconnect();
      window.stylesAtFirstCommit = ${INSERTED_RULES};
    }).observe(root, { attributes: true, attributeFilter: ['data-prerendered'] });
  }`);

/** What watchFirstCommitStyles kept, once the app has committed. */
const stylesAtFirstCommit = (page: Page) =>
  page.evaluate('window.stylesAtFirstCommit') as Promise<string[] | undefined>;

/** The style rules emotion has inserted so far. */
const stylesInserted = (page: Page) => page.evaluate(INSERTED_RULES) as Promise<string[]>;

test('the sign-in is painted from the HTML, then hydrated: the same elements, no console error', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  const release = await holdScripts(page);
  await page.goto('/');
  // Before any of the app's code: the whole screen, its title and a field to type in.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Member Invest');
  const field = page.getByLabel('Registered ID');
  await field.evaluate((element) => element.setAttribute('data-painted-from-html', ''));
  expect(await prerendered(page)).toBe('sign-in');
  const signInButton = page.getByRole('button', { name: 'SIGN IN' });
  const paintedAt = await signInButton.boundingBox();

  release();
  await field.click(); // the visitor's first use asks for the app (decision 0037)
  await expect.poll(() => prerendered(page)).toBeNull(); // the app's first commit
  // Hydrated, not drawn again: the element the HTML made is the app's now.
  await expect(field).toHaveAttribute('data-painted-from-html', '');
  // Where the page drew it: a press already on its way lands on it (the card once grew by the
  // passkey button as the app took over, and a click's release fell beside SIGN IN).
  expect(await signInButton.boundingBox()).toEqual(paintedAt);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the sign-in asks for the app's scripts at the visitor's first use, not before", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // Two frames later (when the page used to ask for them) and with the network idle, still none:
  // the page alone is a working form.
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  expect(await prerendered(page)).toBe('sign-in');

  await page.getByLabel('Registered ID').click();
  await expect.poll(() => prerendered(page)).toBeNull();
  expect(scripts.length).toBeGreaterThan(0);
});

test('what a visitor types and submits before the app has taken the sign-in over is sent by the app', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/auth/login')) logins.push(request.postData() ?? '');
  });
  const release = await holdScripts(page);
  await page.goto('/');
  await page.getByLabel('Registered ID').fill('DEMOROOT');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  // Held, not sent by the browser: its own submit would put the password in the address.
  await expect(page).toHaveURL(/\/$/);

  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(logins).toEqual([JSON.stringify({ loginId: 'DEMOROOT', password: DEMO_PASSWORD })]);
  expect(consoleErrors).toEqual([]);
});

test("a member's screen is painted as the frame's skeleton, then the app's screen replaces it", async ({
  page,
  login,
}) => {
  await login();
  const consoleErrors = watchConsole(page);
  await page.setViewportSize({ width: 412, height: 823 }); // a phone's, as the styles are
  const release = await holdScripts(page);
  // The page's early script asks for the first screen's data before any of the app's code: the
  // app is let in once the answers are here, so that it draws the screen whole, however slow
  // the server is today (past FIRST_RENDER_WAIT_MS it would draw skeletons first, whose styles
  // the page does not carry).
  const answered = Promise.all(
    FIRST_SCREEN_GETS.map((path) =>
      page.waitForResponse((response) => response.url().endsWith(`/api/v1/${path}`)),
    ),
  );
  await page.goto('/dashboard');
  const balances = page.getByRole('group', { name: 'Wallet balance' });
  await expect(balances).toBeVisible();
  const loading = page.getByRole('status', { name: 'Loading', exact: true });
  await expect(loading).toBeVisible();
  expect(await prerendered(page)).toBe('frame');
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await answered;
  // Still without any of the app's code, the early script has drawn the member's wallets from
  // its answer into the frame (decision 0064).
  await expect(loading).toContainText(/Primary Wallet\s*\$0\.00\s*Profit Wallet\s*\$0\.00/);

  await watchFirstCommitStyles(page);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(balances).toContainText('$0.0000');
  await expect(page.getByRole('status', { name: 'Loading', exact: true })).toHaveCount(0);
  // The page brought the first screen's styles: emotion inserted (nearly) none while drawing
  // it (about fifty without them), the longest part of the app's first commit.
  const inserted = await stylesAtFirstCommit(page);
  expect(inserted, "the app's first commit was seen").toBeDefined();
  expect(inserted!.length, inserted!.join('\n')).toBeLessThan(5);
  // What the dashboard draws a frame later, below the fold, found its styles in the page too.
  await expect(page.getByRole('region', { name: 'Invite members' })).toBeAttached();
  const insertedLater = await stylesInserted(page);
  expect(insertedLater.length, insertedLater.join('\n')).toBeLessThan(5);
  // The cards a phone's first view does not show wait until the member scrolls to them.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: 'Loading income by kind' })).toBeAttached();
  const loadedEarly = requested.filter((url) =>
    /\/assets\/income-totals-|\/api\/v1\/safe\/fetch-sir-reward$/.test(url),
  );
  expect(loadedEarly).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("a member's first load carries none of the operator console's code", async ({
  page,
  login,
}) => {
  await login();
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/assets/') && response.url().endsWith('.js'))
      scripts.push(response.text());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Invite members' })).toBeAttached();
  await page.waitForLoadState('networkidle');
  const code = (await Promise.all(scripts)).join('\n');
  // Booleans, so that a failure names the word rather than printing the app's scripts.
  const carries = (text: string) => code.includes(text);
  expect(carries('Primary Wallet'), "the member's own screens").toBe(true);
  // The console's role gate, and the schemas of its reconciliation report, member notes and
  // verification queue: bundled with what a member's start evaluates, they were built on every
  // first load.
  expect(carries('Not available to your role'), "the console's role gate").toBe(false);
  expect(carries('unbalancedTransfers'), "the console's reconciliation schema").toBe(false);
  expect(carries('authorEmail'), "the console's member notes schema").toBe(false);
  expect(carries('requirementsVersion'), "the console's verification review schema").toBe(false);
});

test('the page hides what the app will not keep: the sign-in of a member, the frame of a visitor', async ({
  page,
  login,
}) => {
  const release = await holdScripts(page);
  await page.goto('/fund');
  expect(await prerendered(page)).toBe('stale');
  await expect(page.locator('#root')).toBeHidden();
  release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  await login();
  const releaseAgain = await holdScripts(page);
  await page.goto('/login');
  expect(await prerendered(page)).toBe('stale');
  await expect(page.locator('#root')).toBeHidden();
  releaseAgain();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
