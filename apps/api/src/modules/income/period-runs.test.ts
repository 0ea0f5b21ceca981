import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLAN_DEFAULTS } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { api, at, usd } from '../../testing/members.ts';
import { buyAmount, incomesOf, publishPlan, settle, teamMember } from '../../testing/team.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runMonthlyIncome } from './monthly-income.ts';
import { runWeeklyIncome } from './weekly-income.ts';

// The weekly and monthly runs on the app clock (TEST_START is Monday 2026-03-02 09:00 UTC). Each
// test has a fresh database: job_runs remembers which periods ran.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const weekly = (batchSize = 100, signal?: AbortSignal) =>
  runWeeklyIncome(t.ctx.database.db, t.clock.now(), { batchSize, signal });
const monthly = (batchSize = 100) =>
  runMonthlyIncome(t.ctx.database.db, t.clock.now(), { batchSize });

/** A leader whose `count` directs each buy `amount` now; the leader buys nothing. */
async function leaderWithBusiness(count: number, amount: string): Promise<string> {
  const leader = await teamMember(t, null);
  for (let index = 0; index < count; index++)
    await buyAmount(t, await teamMember(t, leader), amount);
  return leader;
}

const weeklyOf = async (memberId: string) =>
  (await incomesOf(t, memberId)).filter((income) => income.kind === 'weekly-income');

describe('the weekly income', () => {
  it('pays the week before on Monday, at the tier its new team business reaches, once', async () => {
    t.clock.set(at(1, 10)); // Tuesday of the week of 2026-03-02
    const small = await leaderWithBusiness(2, '450'); // $900: below the first tier
    const first = await leaderWithBusiness(3, '400'); // $1,200: 1 %
    const second = await leaderWithBusiness(3, '2000'); // $6,000: 1.5 %
    t.clock.set(at(7, 0)); // Monday 2026-03-09 00:00: the week has ended
    const [report] = await weekly(2);
    expect(report).toEqual({ period: '2026-03-02', members: 2, amount: usd('102') });
    expect(await weeklyOf(small)).toEqual([]);
    expect((await weeklyOf(first))[0]).toMatchObject({
      amount: String(usd('12')),
      status: 'pending',
    });
    expect((await weeklyOf(second))[0]).toMatchObject({
      amount: String(usd('90')),
      status: 'pending',
    });
    expect(await weekly()).toEqual([]);
    await settle(t);
    const list = await api(t, second, 'GET', 'bounus/monthly-weekly');
    expect(list.body.data.data[0]).toMatchObject({
      kind: 'weekly-income',
      status: 'paid',
      amount: 90,
      period: '2026-03-02',
      baseAmount: 6000,
      percentage: 1.5,
      planVersion: 2,
    });
    await expectReconciled(t.ctx.database.db);
  });

  it('computes the income of a very large week exactly, past what 64-bit micro-dollars × rate hold', async () => {
    t.clock.set(at(1, 10));
    const leader = await leaderWithBusiness(1, '25000');
    // $500,000,000 in a week (20,000 purchases of $25,000, too many to make here): its micro-dollars
    // times the 2 % rate unit (20,000) pass 2^63, which stopped the whole run once.
    await t.ctx.database.db.execute(
      sql`update team_weeks set business = ${usd('500000000')} where member_id = ${leader}::uuid`,
    );
    t.clock.set(at(7, 0));
    const [report] = await weekly();
    expect(report).toMatchObject({ members: 1, amount: usd('10000000') });
    expect((await weeklyOf(leader))[0]).toMatchObject({ amount: String(usd('10000000')) });
  });

  it('pays every week it missed after an outage, under the plan in force as each week ended', async () => {
    t.clock.set(at(-7, 10)); // a first run, the week before
    await weekly();
    t.clock.set(at(1, 10));
    const leader = await leaderWithBusiness(2, '600'); // week of 03-02: $1,200
    t.clock.set(at(6, 12)); // Sunday: the first tier becomes 2 %, in force when the week ends
    await publishPlan(t, {
      weeklyTiers: [{ fromBusiness: 1_000, percentage: 2 }, ...PLAN_DEFAULTS.weeklyTiers.slice(1)],
    });
    t.clock.set(at(8, 10));
    await buyAmount(t, await teamMember(t, leader), '1000'); // week of 03-09: $1,000
    t.clock.set(at(16, 10)); // Wednesday 03-18: the server was down on both Mondays
    // The first run recorded the week of 02-16; 02-23 and both weeks since were missed.
    expect((await weekly()).map((week) => week.period)).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect((await weeklyOf(leader)).map((income) => [income.amount, income.plan_version])).toEqual([
      [String(usd('24')), 3],
      [String(usd('20')), 3],
    ]);
  });

  it('finishes a run stopped halfway without recording anyone twice', async () => {
    t.clock.set(at(1, 10));
    const leaders = [];
    for (let index = 0; index < 5; index++) leaders.push(await leaderWithBusiness(1, '1000'));
    t.clock.set(at(7, 1));
    const controller = new AbortController();
    let batches = 0;
    const stopping = new Proxy(controller.signal, {
      get: (target, property) => {
        if (property === 'aborted') return ++batches > 2;
        return Reflect.get(target, property);
      },
    });
    expect(await weekly(1, stopping)).toEqual([]); // stopped: the week stays running
    const [state] = await queryRows<{ state: string }>(
      t.ctx.database.db,
      sql`select state from job_runs where job = 'weekly-income'`,
    );
    expect(state?.state).toBe('running');
    const partial = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from incomes where kind = 'weekly-income'`,
    );
    expect(partial[0]!.n).toBeGreaterThan(0);
    expect(partial[0]!.n).toBeLessThan(5);
    const [report] = await weekly(2);
    expect(report).toMatchObject({ period: '2026-03-02', members: 5, amount: usd('50') });
    for (const leader of leaders) expect(await weeklyOf(leader)).toHaveLength(1);
  });
});

describe('the monthly income', () => {
  it('pays the salary of the rank held at the end of the month, not of one reached after it', async () => {
    t.clock.set(at(-1, 10)); // a first run on 03-01, for February
    await monthly();
    t.clock.set(at(1, 10));
    const bronze = await leaderWithBusiness(3, '2000'); // $6,000 and 3 active directs
    t.clock.set(at(30, 1)); // 2026-04-01 01:00: March has ended
    const late = await leaderWithBusiness(3, '2000'); // Bronze only in April
    const [report] = await monthly();
    expect(report).toMatchObject({ period: '2026-03', members: 1, amount: usd('50') });
    await settle(t);
    const list = await api(t, bronze, 'GET', 'bounus/monthly-salary');
    expect(list.body.data.data[0]).toMatchObject({
      kind: 'monthly-income',
      status: 'paid',
      amount: 50,
      rank: 'Bronze',
      period: '2026-03',
    });
    const lateKinds = (await incomesOf(t, late)).map((income) => income.kind);
    expect(lateKinds).toContain('reward');
    expect(lateKinds).not.toContain('monthly-income');
    expect(await monthly()).toEqual([]);
    await expectReconciled(t.ctx.database.db);
  });
});
