import { createMember, dataOf, expect, operatorApi, signInWithToken, test } from './fixtures.ts';
import { screenshot, watchConsole } from './support.ts';

// A member blocked while signed in is told so, with the support address (decision 0051).
const WIDTH = 390;

test(`a member blocked while signed in is shown the block and where to write, at ${WIDTH} px`, async ({
  page,
  baseURL,
}) => {
  const consoleErrors = watchConsole(page);
  const member = await createMember(baseURL!, { name: 'Blocked Member' });
  await page.setViewportSize({ width: WIDTH, height: 844 });
  await signInWithToken(page, baseURL!, member);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const operator = await operatorApi(baseURL!);
  const found = await dataOf<{ data: { id: string }[] }>(
    operator.get(`/api/v1/operator/members?q=${member.code}`),
  );
  await dataOf(
    operator.post(`/api/v1/operator/members/${found.data[0]!.id}/block`, {
      data: { reason: 'Journey: blocked to see what the member is told' },
    }),
  );
  await operator.dispose();

  // The next screen's request (or the live end of the session) leads to the sign-in.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The page's notice, with the address as a link (the toast beside it says the same words).
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'This account is blocked.', has: page.getByRole('link') });
  await expect(notice).toBeVisible();
  const address = notice.getByRole('link');
  await expect(address).toHaveAttribute('href', /^mailto:support@/);
  await expect(page.getByText('Session expired, please sign in again')).toHaveCount(0);
  await screenshot(page, 'blocked-member-session', WIDTH);

  // Signing in again is refused the same way, with the same address.
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Registered ID' }).fill(member.code);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeEnabled();
  await screenshot(page, 'blocked-member-sign-in', WIDTH);
  expect(consoleErrors.filter((error) => !/\b(401|403)\b/.test(error))).toEqual([]);
});
