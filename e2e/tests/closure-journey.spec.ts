import {
  createMember,
  dataOf,
  expect,
  OPERATOR,
  operatorApi,
  signInWithToken,
  test,
} from './fixtures.ts';
import {
  expectInactiveAccountNotice,
  screenshot,
  signInToConsole,
  toastsGone,
  watchConsole,
} from './support.ts';

// Closing an account (decision 0060), on a phone: the member asks from the profile, an admin
// confirms in the console, and the member's browser and every later sign-in are told the account
// is closed, with the support address to write to.
const WIDTH = 390;

test(`a member asks to close their account, an admin confirms, and sign-in says it is closed, at ${WIDTH} px`, async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const consoleErrors = watchConsole(page);
  const member = await createMember(baseURL!, { name: 'Closing Member' });
  await page.setViewportSize({ width: WIDTH, height: 844 });
  await signInWithToken(page, baseURL!, member);
  await page.goto('/profile');

  const card = page.getByRole('region', { name: 'Close account' });
  await card.getByRole('button', { name: 'Close account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByLabel('Your password').fill(member.password);
  await dialog.getByRole('button', { name: 'Ask to close my account' }).click();
  await expect(card.getByText(/^You asked to close your account on/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await toastsGone(page);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'closure-requested', WIDTH);

  // An admin finds the request on the member's page and confirms it.
  const operator = await operatorApi(baseURL!);
  const found = await dataOf<{ data: { id: string }[] }>(
    operator.get(`/api/v1/operator/members?q=${member.code}`),
  );
  await operator.dispose();
  const admin = await browser.newPage({ viewport: { width: WIDTH, height: 844 } });
  const adminErrors = watchConsole(admin);
  await signInToConsole(admin, OPERATOR.email, OPERATOR.password);
  await admin.goto(`/operator/members/${found.data[0]!.id}`);
  const request = admin.getByRole('region', { name: 'Request to close the account' });
  await expect(request).toContainText('Nothing is left in the account: it can be closed.');
  await request.getByRole('button', { name: 'Confirm closure' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Close Closing Member’s account?' });
  await confirm.getByRole('button', { name: 'Close account' }).click();
  const closed = admin.getByRole('region', { name: 'Account closed' });
  await expect(closed).toContainText('Closed at the member’s request');
  await toastsGone(admin);
  await closed.scrollIntoViewIfNeeded();
  await screenshot(admin, 'console-closure-confirmed', WIDTH);
  await admin.close();

  // The member's next screen finds the session over, and signing in again is refused: the
  // notice says the account is closed.
  await page.goto('/dashboard');
  await expectInactiveAccountNotice(page, member, {
    words: 'This account was closed at your request.',
    shot: 'closed-member',
    width: WIDTH,
  });

  expect(consoleErrors.filter((error) => !/\b(401|403)\b/.test(error))).toEqual([]);
  expect(adminErrors).toEqual([]);
});
