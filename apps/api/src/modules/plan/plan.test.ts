import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PLAN_DEFAULTS } from '@app/contracts';
import { call } from '../../testing/requests.ts';
import { signInOperator } from '../../testing/operators.ts';
import { buyAmount, incomesFrom, teamMember } from '../../testing/team.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let finance: string;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInOperator(t, 'plan-admin@example.com', 'admin');
  finance = await signInOperator(t, 'plan-finance@example.com', 'finance');
  support = await signInOperator(t, 'plan-support@example.com', 'support');
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, url, body, { token: admin });

describe('the plan in the operator API', () => {
  it('shows the plan in force, its versions and previews to admins and finance', async () => {
    const plan = await asAdmin('GET', 'operator/plan');
    expect(plan.status).toBe(200);
    expect(plan.body.data).toMatchObject({
      version: 2,
      publishedBy: null,
      document: PLAN_DEFAULTS,
    });
    const asFinance = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(t.app, method, url, body, { token: finance });
    expect((await asFinance('GET', 'operator/plan')).body.data.version).toBe(2);
    expect((await asFinance('GET', 'operator/plan/versions')).status).toBe(200);
    expect(
      (await asFinance('POST', 'operator/plan/preview', { document: PLAN_DEFAULTS })).status,
    ).toBe(200);
    const refused = await asFinance('POST', 'operator/plan', { document: PLAN_DEFAULTS });
    expect(refused.status).toBe(403);
    expect((await asAdmin('GET', 'operator/plan')).body.data.version).toBe(2);
    for (const [method, url] of [
      ['GET', 'operator/plan'],
      ['GET', 'operator/plan/versions'],
      ['POST', 'operator/plan/preview'],
      ['POST', 'operator/plan'],
    ] as const)
      expect(
        (
          await call(
            t.app,
            method,
            url,
            method === 'POST' ? { document: PLAN_DEFAULTS } : undefined,
            {
              token: support,
            },
          )
        ).status,
      ).toBe(403);
  });

  it('previews a draft against the plan in force on a sample team, changing nothing', async () => {
    const draft = {
      ...PLAN_DEFAULTS,
      referralBonusPercentage: 10,
      teamProfitPercentages: Array(10).fill(0),
    };
    const preview = await asAdmin('POST', 'operator/plan/preview', { document: draft });
    expect(preview.status).toBe(200);
    const { current, draft: proposed } = preview.body.data;
    expect(current.version).toBe(2);
    expect(proposed.earnings.referralBonus).toBe(current.earnings.referralBonus * 2);
    expect(proposed.earnings.teamProfit).toBe(0);
    expect(current.earnings.teamProfit).toBeGreaterThan(0);
    expect(current.earnings.total).toBeCloseTo(
      Object.entries(current.earnings)
        .filter(([kind]) => kind !== 'total')
        .reduce((sum, [, amount]) => sum + (amount as number), 0),
      6,
    );
    expect((await asAdmin('GET', 'operator/plan')).body.data.version).toBe(2);
  });

  it('refuses an invalid draft naming each field', async () => {
    const answer = await asAdmin('POST', 'operator/plan/preview', {
      document: { ...PLAN_DEFAULTS, referralBonusPercentage: 101, directsRequired: [1, 2] },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message[0].validation_results).toEqual([
      {
        field: 'document.referralBonusPercentage',
        reason: 'Referral bonus percentage must be at most 100',
      },
      {
        field: 'document.directsRequired',
        reason: 'Directs required needs one value for each of the 10 levels',
      },
    ]);
  });

  it('publishes a version that applies from the next event, audited', async () => {
    // Its own app: the other tests read the seeded plan in force, which this one replaces.
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const admin = await signInOperator(t, 'plan-admin@example.com', 'admin');
    const asAdmin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(t.app, method, url, body, { token: admin });
    const sponsor = await teamMember(t, null);
    const member = await teamMember(t, sponsor);
    await buyAmount(t, sponsor, '100');
    const published = await asAdmin('POST', 'operator/plan', {
      document: { ...PLAN_DEFAULTS, referralBonusPercentage: 7.5 },
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      message: 'Plan version 3 published',
      data: { version: 3, publishedBy: 'plan-admin@example.com' },
    });
    await buyAmount(t, member, '200');
    expect((await incomesFrom(t, member, 'referral-bonus'))[0]).toMatchObject({
      amount: '15000000',
      plan_version: 3,
    });
    const audit = await asAdmin('GET', 'operator/audit-log?action=plan.publish');
    expect(audit.body.data.data[0]).toMatchObject({ targetType: 'plan', targetId: '3' });
    const versions = await asAdmin('GET', 'operator/plan/versions');
    expect(versions.body.data.data.map((row: { version: number }) => row.version)).toEqual([
      3, 2, 1,
    ]);
  }, 60_000); // it builds its app: as long as a hook may take for that
});
