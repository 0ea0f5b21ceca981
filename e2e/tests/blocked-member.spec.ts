import { createMember, dataOf, expect, operatorApi, signInWithToken, test } from './fixtures.ts';
import { expectInactiveAccountNotice, watchConsole } from './support.ts';

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

  // The next screen's request (or the live end of the session) leads to the sign-in, with the
  // page's notice (the toast beside it says the same words); signing in again is refused alike.
  await page.goto('/profile');
  await expectInactiveAccountNotice(page, member, {
    words: 'This account is blocked.',
    shot: 'blocked-member',
    width: WIDTH,
  });
  expect(consoleErrors.filter((error) => !/\b(401|403)\b/.test(error))).toEqual([]);
});
