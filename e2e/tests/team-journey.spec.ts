import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, type Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../../apps/api/src/testing/smtp-sink.ts';
import { freePort, startServer } from '../global-setup.ts';
import { createMember, dataOf, expect, signInWithToken, test, type Member } from './fixtures.ts';
import { screenshot, scrollToSwappingPlace, watchConsole, WIDTHS } from './support.ts';

// Issue 8's proof in the browser, on a server of its own whose clock moves (APP_NOW, restarts on
// the same data directory) and whose jobs run (the settlement credits within seconds; the weekly
// run pays on Monday). A leader's team grows under the default plan: the leader earns a referral
// bonus, a team-level bonus and team profit, a share is not paid because level 3 needs two active
// directs, and the week's business pays weekly income. Then every income and team screen.

const DAY_MS = 86_400_000;
test.use({ actionTimeout: 20_000 });

/** The next Monday 10:00 UTC from now: the team's week begins with the journey. */
function nextMonday(): Date {
  const now = new Date();
  const days = (8 - now.getUTCDay()) % 7 || 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 10));
}

/** Buys the demo catalogue's package named `name` for `amount` dollars through the member API. */
async function buy(baseURL: string, member: Member, name: string, amount: number) {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${member.token}` },
  });
  const catalogue = await dataOf<{ data: { id: string; name: string }[] }>(
    api.get('/api/v1/package'),
  );
  const packageId = catalogue.data.find((offer) => offer.name === name)!.id;
  await dataOf(api.post('/api/v1/package/buy-package', { data: { packageId, amount } }));
  await api.dispose();
}

/** A member signs in again on the server's new clock (a restart moved it past their session). */
async function signInAgain(baseURL: string, member: Member): Promise<Member> {
  const api = await request.newContext({ baseURL });
  const { access_token: token } = await dataOf<{ access_token: string }>(
    api.post('/api/v1/auth/login', { data: { loginId: member.code, password: member.password } }),
  );
  await api.dispose();
  return { ...member, token };
}

async function claim(baseURL: string, member: Member) {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${member.token}` },
  });
  await dataOf(api.post('/api/v1/package/claim-profit'));
  await api.dispose();
}

/** Waits until the settlement has credited everything the leader earned (nothing processing). */
async function settled(baseURL: string, leader: Member, path: string) {
  await expect
    .poll(
      async () => {
        const api = await request.newContext({
          baseURL,
          extraHTTPHeaders: { Authorization: `Bearer ${leader.token}` },
        });
        const page = await dataOf<{ pendingAmount: number; total: number }>(
          api.get(`/api/v1/${path}`),
        );
        await api.dispose();
        return page.total > 0 && page.pendingAmount === 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function screenshotAll(page: Page, url: string, name: string, ready: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto(url);
    await ready();
    await screenshot(page, name, width);
  }
}

test('a team grows: its leader earns every team income, sees what was not paid and why, and the team screens', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const consoleErrors = watchConsole(page);
  const smtp: SmtpSink = await startSmtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-team-'));
  const port = await freePort();
  const monday = nextMonday();
  const startAt = (now: Date) =>
    startServer({
      port,
      dataDir,
      smtpUrl: smtp.url,
      env: { APP_NOW: now.toISOString(), JOBS: 'on' },
    });
  let server = await startAt(monday);
  const register = async (name: string, sponsorCode: string, fundDollars?: number) => {
    const before = smtp.mails.length;
    return createMember(server.baseUrl, {
      name,
      sponsorCode,
      fundDollars,
      baseURL: server.baseUrl,
      readCode: async (to) => {
        const mail = await smtp.waitFor(
          (candidate) => smtp.mails.indexOf(candidate) >= before && candidate.to.includes(to),
          15_000,
        );
        return /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
      },
    });
  };

  try {
    const team =
      await test.step('the leader and a team three levels deep buy on Monday', async () => {
        const leader = await register('Lena Leader', 'DEMOROOT', 2_000);
        await buy(server.baseUrl, leader, 'Growth', 500);
        const anna = await register('Anna Direct', leader.code, 3_000);
        await register('Ben Direct', leader.code); // never buys
        await buy(server.baseUrl, anna, 'Growth', 1_000); // referral bonus: 5 % = $50
        const arun = await register('Arun Second', anna.code, 1_000);
        await buy(server.baseUrl, arun, 'Growth', 500); // level 2: 2 % = $10
        const asha = await register('Asha Third', arun.code, 1_000);
        await buy(server.baseUrl, asha, 'Starter', 200); // level 3: 1 % = $2, locked (1 of 2 directs)
        await settled(server.baseUrl, leader, 'income/referral-bonus');
        return { leader, arun, asha };
      });

    const { arun, asha } = team;
    await test.step('two days later the team claims its daily profit', async () => {
      await server.stop();
      server = await startAt(new Date(monday.getTime() + 2 * DAY_MS));
      await claim(server.baseUrl, await signInAgain(server.baseUrl, arun)); // $4: level 2 pays $0.20
      await claim(server.baseUrl, await signInAgain(server.baseUrl, asha)); // $1.20: level 3 locked
      await settled(
        server.baseUrl,
        await signInAgain(server.baseUrl, team.leader),
        'auth/team-profit',
      );
    });

    await test.step('on the next Monday the weekly run pays the week’s $1,700 of team business', async () => {
      await server.stop();
      server = await startAt(new Date(monday.getTime() + 7 * DAY_MS + 3_600_000));
      const lena = await signInAgain(server.baseUrl, team.leader);
      await settled(server.baseUrl, lena, 'bounus/monthly-weekly');
      await signInWithToken(page, server.baseUrl, lena);
    });

    const base = server.baseUrl;
    await test.step('the income screens: paid rows, and the share level 3 did not pay', async () => {
      await screenshotAll(page, `${base}/income/referral-bonus`, 'referral-bonus', async () => {
        const list = page.getByRole('main');
        await expect(list).toContainText('Anna Direct');
        await expect(list).toContainText('$50.00');
      });
      await screenshotAll(page, `${base}/income/team-level-bonus`, 'team-level-bonus', async () => {
        const list = page.getByRole('main');
        await expect(list).toContainText('Arun Second');
        await expect(list).toContainText('level 3 locked: 1 of 2 active directs');
      });
      await screenshotAll(page, `${base}/income/team-profit`, 'team-profit', async () => {
        await expect(page.getByRole('main')).toContainText('level 3 locked: 1 of 2 active directs');
      });
      await screenshotAll(page, `${base}/income/weekly-income`, 'weekly-income', async () => {
        await expect(page.getByRole('main')).toContainText('$17.00');
      });
      await screenshotAll(page, `${base}/income/monthly-income`, 'monthly-income', async () => {
        await expect(page.getByRole('heading', { level: 1, name: 'Monthly income' })).toBeVisible();
      });
    });

    await test.step('the team screens and charts', async () => {
      await screenshotAll(page, `${base}/team/referral-team`, 'referral-team', async () => {
        const main = page.getByRole('main');
        await expect(main).toContainText('Anna Direct');
        await expect(main).toContainText('Ben Direct');
      });
      await screenshotAll(page, `${base}/team/level-team`, 'level-team', async () => {
        await expect(page.getByRole('link', { name: 'Level 3 members' })).toBeVisible();
      });
      await page.getByRole('link', { name: 'Level 2 members' }).click();
      await expect(page.getByRole('main')).toContainText('Arun Second');
      await screenshotAll(page, `${base}/team/team-analysis`, 'team-analysis', async () => {
        await expect(page.getByRole('figure').first()).toBeVisible();
      });
      await screenshotAll(page, `${base}/rewards`, 'rewards', async () => {
        await expect(page.getByRole('main')).toContainText('Bronze');
      });
      await screenshotAll(page, `${base}/dashboard`, 'dashboard-team', async () => {
        // The income card loads as it nears the viewport: on a phone, once scrolled to.
        const income = page.getByRole('region', { name: 'Income by kind' });
        await scrollToSwappingPlace(
          income.or(page.getByRole('status', { name: 'Loading income by kind' })),
        );
        await expect(income).toContainText('$50.00');
      });
    });
    expect(consoleErrors).toEqual([]);
  } finally {
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
