import { join } from 'node:path';
import { request } from '@playwright/test';
import { SCREENSHOT_DIR } from '../global-setup.ts';
import { dataOf, expect, OPERATOR, operatorApi, signInWithToken, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import {
  expectSessionOverOn,
  saveScreenshot,
  signIn,
  signInToConsole,
  watchConsole,
  WIDTHS,
} from './support.ts';

// Sessions and devices (decision 0043): a member signed in on two browsers sees both on the
// profile, ends the other one, and that browser's next screen is the sign-in.

const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

// A refused request shows in Chromium's console as a failed resource; the app handled it.
const isExpected401 = (error: string) =>
  /Failed to load resource: the server responded with a status of 401/.test(error);

test('a member sees both signed-in browsers on the profile and ends the other one', async ({
  browser,
  baseURL,
  insertNewMember,
}) => {
  const member = await insertNewMember({ name: 'Two Devices' });
  // The session the API made for the new member ends first: the list holds the two browsers.
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${member.token}` },
  });
  expect((await api.post('/api/v1/auth/logout')).status()).toBe(200);
  await api.dispose();

  const here = await browser.newContext();
  const there = await browser.newContext({ userAgent: PHONE_AGENT });
  const page = await here.newPage();
  const other = await there.newPage();
  const consoleErrors = [page, other].map(watchConsole);
  for (const tab of [other, page]) {
    await tab.goto('/');
    await signIn(tab, member.code, member.password);
  }

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Sessions and devices' });
  const list = card.getByRole('list', { name: 'Signed-in sessions' });
  const rows = list.getByRole('listitem').filter({ hasText: 'Signed in' });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('This device');
  await expect(rows.first()).toContainText('Active now');
  await expect(rows.first().getByRole('button')).toHaveCount(0);
  await expect(rows.nth(1)).toContainText('Mobile Safari 18 on iOS 18.1');
  await expect(rows.nth(1)).toContainText('Apple iPhone · 127.0.0.1');
  const end = card.getByRole('button', {
    name: 'End session: Mobile Safari 18 on iOS 18.1, 127.0.0.1',
  });
  await expect(end).toBeVisible();
  await expect(card.getByRole('button', { name: 'End all other sessions' })).toBeVisible();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: join(SCREENSHOT_DIR, `profile-sessions-${width}.png`) });
    await saveScreenshot(page, 'profile-sessions-screen', width);
    const box = await card.boundingBox();
    expect(box, `the card at ${width} px`).not.toBeNull();
    expect(box!.x + box!.width, `the card fits ${width} px`).toBeLessThanOrEqual(width);
  }
  expect(await seriousViolations(page)).toEqual([]);

  await end.click();
  const dialog = page.getByRole('dialog', { name: 'End this session?' });
  await expect(dialog).toContainText('Mobile Safari 18 on iOS 18.1, 127.0.0.1 will be signed out');
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expect(page.getByText('Session ended')).toBeVisible();
  await expect(card).toContainText('Only this device is signed in.');
  await expect(rows).toHaveCount(1);

  await expectSessionOverOn(other);

  // This browser goes on.
  await page.getByRole('link', { name: 'Packages' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Packages' })).toBeVisible();
  expect(consoleErrors.flat().filter((error) => !isExpected401(error))).toEqual([]);
  await here.close();
  await there.close();
});

test("support ends a member's sessions from the console, and the member's browser lands on sign-in", async ({
  page,
  browser,
  baseURL,
  insertNewMember,
}) => {
  const member = await insertNewMember({ name: 'Console Sessions' });
  const memberErrors = watchConsole(page);
  await signInWithToken(page, baseURL!, member);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const operator = await operatorApi(baseURL!);
  const found = await dataOf<{ data: { id: string }[] }>(
    operator.get('/api/v1/operator/members', { params: { q: member.code } }),
  );
  await operator.dispose();
  const memberId = found.data[0]!.id;

  const operatorContext = await browser.newContext({ baseURL });
  const desk = await operatorContext.newPage();
  const deskErrors = watchConsole(desk);
  await signInToConsole(desk, OPERATOR.email, OPERATOR.password);
  await desk.goto(`/operator/members/${memberId}?tab=security`);
  const section = desk.getByRole('region', { name: 'Sessions and devices' });
  const rows = section
    .getByRole('list', { name: "Console Sessions's sessions" })
    .getByRole('listitem')
    .filter({ hasText: 'Signed in' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).not.toContainText('This device');
  for (const width of [1280, 390]) {
    await desk.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await section.screenshot({
      path: join(SCREENSHOT_DIR, `operator-member-sessions-${width}.png`),
    });
  }

  await section.getByRole('button', { name: 'End all sessions' }).click();
  const dialog = desk.getByRole('dialog', { name: "End all of Console Sessions's sessions?" });
  await dialog.getByRole('button', { name: 'End all sessions' }).click();
  await expect(desk.getByText('1 session ended')).toBeVisible();
  await expect(section.getByText('Not signed in anywhere')).toBeVisible();

  // The member's browser finds the session over: on its next screen, or already through its
  // price stream.
  await expectSessionOverOn(page);
  // Signed in again, the member reads why.
  await signIn(page, member.code, member.password);
  await page
    .getByRole('button', { name: /notifications/i })
    .first()
    .click();
  await expect(
    page.getByText(/^An operator \(admin\) signed out one of your sessions/),
  ).toBeVisible();

  expect([...memberErrors, ...deskErrors].filter((error) => !isExpected401(error))).toEqual([]);
  await operatorContext.close();
});
