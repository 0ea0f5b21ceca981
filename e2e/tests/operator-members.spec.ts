import type { Page } from '@playwright/test';
import { expect, OPERATOR, signInWithToken, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import {
  screenshot,
  signIn,
  signInToConsole,
  toastsGone,
  watchConsole,
  WIDTHS,
} from './support.ts';

// Support finds a member in the console, blocks them (the member's open browser is signed out
// and sign-in is refused), unblocks them, corrects their name and keeps a note on them, and
// opens a read-only view of their app.

/** A refused call is logged by the browser itself; the app handles it. */
const isExpectedRefusal = (error: string) =>
  /Failed to load resource: the server responded with a status of (401|403)/.test(error);

async function reasonDialog(desk: Page, action: 'Block' | 'Unblock', reason: string) {
  await desk.getByRole('button', { name: action, exact: true }).click();
  const dialog = desk.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: new RegExp(`^${action} `) })).toBeVisible();
  // The reason is required: an empty one is refused on the field.
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('support finds a member, blocks and unblocks them, and views their app read-only', async ({
  page,
  browser,
  baseURL,
  insertNewMember,
}) => {
  test.setTimeout(240_000);
  const member = await insertNewMember({ name: 'Console Member', fundDollars: 250 });
  const memberErrors = watchConsole(page);
  await signInWithToken(page, baseURL!, member);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const operatorContext = await browser.newContext({ baseURL });
  const desk = await operatorContext.newPage();
  const deskErrors = watchConsole(desk);

  await test.step('the operator signs in to the desk and searches the member', async () => {
    await signInToConsole(desk, OPERATOR.email, OPERATOR.password);
    await desk.goto('/operator/members');
    await expect(desk.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    await desk.getByLabel('Search').fill(member.code.toLowerCase());
    await expect(desk).toHaveURL(new RegExp(`q=${member.code.toLowerCase()}`));
    const link = desk.getByRole('link', { name: 'Console Member' });
    await expect(link).toHaveCount(1);
    for (const width of WIDTHS) await screenshot(desk, 'operator-members', width);
    await desk.getByLabel('Search').fill('nobody-by-this-name');
    await expect(desk.getByText('No member matches “nobody-by-this-name”')).toBeVisible();
    await desk.getByLabel('Search').fill(member.email);
    await expect(desk).toHaveURL(/q=member\./);
    await expect(link).toHaveCount(1);
    await link.click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Console Member' })).toBeVisible();
    await expect(desk.getByText(`Registered ID ${member.code}`)).toBeVisible();
    await expect(desk.getByText('Verified', { exact: true })).toBeVisible();
  });

  await test.step('the member page shows its sections at every width', async () => {
    for (const tab of ['Wallets', 'Packages', 'Team', 'Ledger']) {
      await desk.getByRole('tab', { name: tab }).click();
      await expect(desk.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(desk.getByLabel(/^Loading/)).toHaveCount(0);
      for (const width of WIDTHS)
        await screenshot(desk, `operator-member-${tab.toLowerCase()}`, width);
      await desk.setViewportSize({ width: 1280, height: 900 });
    }
    await desk.getByRole('tab', { name: 'Team' }).click();
    await desk.getByRole('button', { name: 'Level 1 members' }).click();
    await expect(desk.getByRole('heading', { level: 2, name: 'Level 1 members' })).toBeVisible();
    await desk.getByRole('tab', { name: 'Profile' }).click();
    await expect(desk.getByRole('link', { name: 'Propose adjustment' })).toHaveAttribute(
      'href',
      `/operator/adjustments?member=${member.code}`,
    );
    expect(await seriousViolations(desk)).toEqual([]);
    for (const width of WIDTHS) await screenshot(desk, 'operator-member', width);
    await desk.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('blocking signs the member out at once and refuses their sign-in', async () => {
    await reasonDialog(desk, 'Block', 'Account reported stolen');
    await expect(desk.getByText('Blocked', { exact: true })).toBeVisible();
    await toastsGone(desk);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
    await page.getByLabel('Registered ID').fill(member.code);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(
      page.getByRole('main').getByText(/^This account is blocked\. Please write to support at/),
    ).toBeVisible();
    // A blocked member cannot be viewed as the member either: the button is gone.
    await expect(desk.getByRole('button', { name: 'Sign in as member' })).toHaveCount(0);
  });

  await test.step('unblocking lets the member sign in again', async () => {
    await reasonDialog(desk, 'Unblock', 'Owner confirmed their identity');
    await expect(desk.getByText('Active', { exact: true })).toBeVisible();
    await signIn(page, member.code, member.password);
  });

  await test.step('the operator corrects the name with a reason and keeps a note', async () => {
    await toastsGone(desk);
    await desk.getByRole('button', { name: 'Edit details' }).click();
    const dialog = desk.getByRole('dialog', { name: "Edit Console Member's details" });
    await expect(dialog.getByLabel('Email')).toHaveValue(member.email);
    await dialog.getByLabel('Name').fill('Console Member Renamed');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Reason is required')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Member sent their ID: the name was misspelt');
    // The dialog filled in, on a phone's width.
    await screenshot(desk, 'operator-member-edit-details', 390);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await desk.setViewportSize({ width: 1280, height: 900 });
    await expect(
      desk.getByRole('heading', { level: 1, name: 'Console Member Renamed' }),
    ).toBeVisible();
    await toastsGone(desk);

    await desk.getByRole('tab', { name: 'Notes' }).click();
    const notes = desk.getByRole('region', { name: 'Notes' });
    await expect(notes.getByText('No notes yet')).toBeVisible();
    await notes.getByLabel('New note').fill('Called the member: name corrected from their ID.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByText('Called the member: name corrected from their ID.')).toBeVisible();
    await expect(notes.getByText(OPERATOR.email)).toBeVisible();
    await toastsGone(desk);
    expect(await seriousViolations(desk)).toEqual([]);
    for (const width of WIDTHS) await screenshot(desk, 'operator-member-notes', width);
    await desk.setViewportSize({ width: 1280, height: 900 });
    await desk.getByRole('tab', { name: 'Profile' }).click();
  });

  await test.step('"Sign in as member" opens a read-only session with the banner', async () => {
    await desk.getByRole('button', { name: 'Sign in as member' }).click();
    const dialog = desk.getByRole('dialog');
    await expect(dialog.getByText(/It is read-only: money actions/)).toBeVisible();
    const [view] = await Promise.all([
      operatorContext.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Open read-only session' }).click(),
    ]);
    const viewErrors = watchConsole(view);
    await expect(
      view.getByText('Operator view — read-only. Money actions are disabled.'),
    ).toBeVisible();
    await expect(view).toHaveURL(/\/dashboard$/);
    for (const width of [1280, 390]) await screenshot(view, 'operator-member-view', width);
    // The token left the address at once.
    expect(view.url()).not.toContain('accessToken');
    await view.close();
    expect(viewErrors.filter((error) => !isExpectedRefusal(error))).toEqual([]);
  });

  expect(deskErrors.filter((error) => !isExpectedRefusal(error))).toEqual([]);
  expect(memberErrors.filter((error) => !isExpectedRefusal(error))).toEqual([]);
  await operatorContext.close();
});
