import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, at, claim, usd } from '../../testing/members.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import {
  buyAmount,
  incomesFrom,
  profitOf,
  publishPlan,
  settle,
  teamMember,
} from '../../testing/team.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Teams of a known shape, every commission checked to the micro-dollar against the default plan:
// referral bonus 5 %; team-level bonus 2, 1, 1, 0.5, 0.5 % on levels 2-6; team profit 10, 5, 3,
// 2, 1, 1, 1, 1, 0.5, 0.5 %; directs required 1, 1, 2, 2, 3, 3, 4, 4, 5, 5.

// One app for the cases that only add members of their own under the plan the app starts with.
// The cases that publish plan versions run on apps of their own (ownApp below), so no case of the
// shared app is paid under, or numbered after, a version another case published.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An app for the cases of the enclosing describe, apart from the shared one. */
function ownApp(): () => TestApp {
  let own: TestApp | undefined;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own?.close());
  return () => own!;
}

/** A chain of `length` members, each the sponsor of the next; [0] is the top. */
async function chain(t: TestApp, length: number, top: string | null = null): Promise<string[]> {
  const members: string[] = [];
  for (let index = 0; index < length; index++)
    members.push(await teamMember(t, members.at(-1) ?? top));
  return members;
}

/** Gives `sponsor` `count` more direct referrals with an active $50 package. */
async function activeDirects(t: TestApp, sponsor: string, count: number): Promise<void> {
  for (let index = 0; index < count; index++)
    await buyAmount(t, await teamMember(t, sponsor), '50');
}

const row = (member: string, kind: string, level: number, amount: string, status = 'pending') => ({
  member_id: member,
  kind,
  level,
  amount: String(usd(amount)),
  status,
});

describe('commissions at a purchase', () => {
  it('pays the sponsor 5 % and levels 2-6 their share, judged after the purchase counts', async () => {
    t.clock.set(at(0, 10));
    // u[6] is the buyer; u[5] its sponsor (level 1) ... u[0] level 6.
    const u = await chain(t, 7);
    for (const member of u.slice(0, 6)) await buyAmount(t, member, '100');
    await activeDirects(t, u[3]!, 1); // level 3: u[4] and one more = 2 of 2
    await activeDirects(t, u[2]!, 1); // level 4: 2 of 2
    await activeDirects(t, u[1]!, 2); // level 5: 3 of 3
    await activeDirects(t, u[0]!, 1); // level 6: 2 of 3, locked
    await settle(t);

    // The buyer had no package: its own sponsor, u[5], has 0 active directs until it buys.
    await buyAmount(t, u[6]!, '1000');
    expect(
      (await incomesFrom(t, u[6]!)).map(({ member_id, kind, level, amount, status }) => ({
        member_id,
        kind,
        level,
        amount,
        status,
      })),
    ).toEqual([
      row(u[5]!, 'referral-bonus', 1, '50'),
      row(u[4]!, 'team-level-bonus', 2, '20'),
      row(u[3]!, 'team-level-bonus', 3, '10'),
      row(u[2]!, 'team-level-bonus', 4, '10'),
      row(u[1]!, 'team-level-bonus', 5, '5'),
      row(u[0]!, 'team-level-bonus', 6, '5', 'not-paid'),
    ]);
    const before = await profitOf(t, u[5]!);
    await settle(t);
    expect(await profitOf(t, u[5]!)).toBe(before + usd('50'));
    const list = await api(t, u[0]!, 'GET', 'income/team-level-bonus?status=not-paid');
    expect(list.body.data.data[0]).toMatchObject({
      kind: 'team-level-bonus',
      status: 'not-paid',
      amount: 5,
      notPaidReason: 'level 6 locked: 2 of 3 active directs',
      level: 6,
      packageName: 'Growth',
      baseAmount: 1000,
      percentage: 0.5,
      planVersion: 2,
    });
    expect(list.body.data.pendingAmount).toBe(0);
    await expectReconciled(t.ctx.database.db);
  });

  it('rounds each share down to the micro-dollar and pays no one without an active package', async () => {
    t.clock.set(at(1, 10));
    const [top, sponsor, buyer] = await chain(t, 3);
    await buyAmount(t, sponsor!, '60');
    await buyAmount(t, buyer!, '333.333333');
    const records = await incomesFrom(t, buyer!);
    // 5 % of 333.333333 = 16.66666665 → 16.666666; 2 % = 6.66666666 → 6.666666.
    expect(records.map(({ amount, status, reason }) => ({ amount, status, reason }))).toEqual([
      { amount: '16666666', status: 'pending', reason: null },
      { amount: '6666666', status: 'not-paid', reason: 'no-active-package' },
    ]);
    await settle(t);
    const answer = await api(t, top!, 'GET', 'income/team-level-bonus');
    expect(answer.body.data.data[0]).toMatchObject({
      status: 'not-paid',
      notPaidReason: 'no active package',
      amount: 6.666666,
      sourceMember: { name: expect.any(String), referral_code: expect.any(String) },
    });
    const paid = await api(t, sponsor!, 'GET', 'income/referral-bonus');
    expect(paid.body.data).toMatchObject({ totalAmount: 16.666666, total: 1 });
    expect(paid.body.data.data[0]).toMatchObject({
      status: 'paid',
      paidAt: at(1, 10).toISOString(),
    });
  });
});

describe('team profit on a claim', () => {
  it('pays levels 1-10 their share of the claimed profit, locked levels and expired packages not', async () => {
    t.clock.set(at(2, 10));
    const u = await chain(t, 11); // u[10] claims; u[9] is level 1 ... u[0] level 10
    for (const member of u.slice(0, 10)) await buyAmount(t, member, '100');
    // Directs required 1,1,2,2,3,3,4,4,5,5: give levels 3-9 exactly enough, level 10 one short.
    const extra = [0, 0, 1, 1, 2, 2, 3, 3, 4, 3]; // by level 1..10
    for (let level = 1; level <= 10; level++)
      await activeDirects(t, u[10 - level]!, extra[level - 1]!);
    await buyAmount(t, u[10]!, '2500'); // Pro: 0.5 % a day = $12.5
    await settle(t);
    t.clock.set(at(5, 10));
    const claimed = await claim(t, u[10]!);
    expect(claimed.body.data.totalAmount).toBe(37.5); // 3 days
    const expected = [
      '3.75',
      '1.875',
      '1.125',
      '0.75',
      '0.375',
      '0.375',
      '0.375',
      '0.375',
      '0.1875',
      '0.1875',
    ];
    const records = await incomesFrom(t, u[10]!, 'team-profit');
    expect(records.map(({ level, amount, status }) => ({ level, amount, status }))).toEqual(
      expected.map((amount, index) => ({
        level: index + 1,
        amount: String(usd(amount)),
        status: index === 9 ? 'not-paid' : 'pending',
      })),
    );
    await settle(t);
    const top = await api(t, u[0]!, 'GET', 'auth/team-profit');
    expect(top.body.data.data[0]).toMatchObject({
      notPaidReason: 'level 10 locked: 4 of 5 active directs',
      period: '2026-03-07',
      baseAmount: 37.5,
    });
    await expectReconciled(t.ctx.database.db);
  });

  it('stops paying a member whose package has ended, and their sponsor counts one fewer active direct', async () => {
    // top ← ended ← sponsor ← claimer; the top also has one active direct besides `ended`.
    t.clock.set(at(-400, 10));
    const top = await teamMember(t, null);
    const ended = await teamMember(t, top);
    await buyAmount(t, ended, '50'); // 365 days: long over by day 8
    t.clock.set(at(7, 10));
    await buyAmount(t, top, '50');
    await activeDirects(t, top, 1);
    const [sponsor, claimer] = await chain(t, 2, ended);
    await buyAmount(t, sponsor!, '50');
    await buyAmount(t, claimer!, '1000');
    t.clock.set(at(8, 10));
    await claim(t, claimer!);
    const records = await incomesFrom(t, claimer!, 'team-profit');
    expect(records.map(({ member_id, status, reason }) => ({ member_id, status, reason }))).toEqual(
      [
        { member_id: sponsor!, status: 'pending', reason: null },
        { member_id: ended, status: 'not-paid', reason: 'no-active-package' },
        { member_id: top, status: 'not-paid', reason: 'level-locked' },
      ],
    );
    const list = await api(t, top, 'GET', 'auth/team-profit');
    expect(list.body.data.data[0].notPaidReason).toBe('level 3 locked: 1 of 2 active directs');
  });
});

describe('the plan in force at the event', () => {
  // Its one case counts on version 2 being in force until it publishes.
  const app = ownApp();

  it('pays each purchase under the version in force when it happens', async () => {
    const t = app();
    t.clock.set(at(14, 10)); // Monday
    const [sponsor, buyer] = await chain(t, 2);
    await buyAmount(t, sponsor!, '100');
    await buyAmount(t, buyer!, '100');
    t.clock.set(at(16, 10)); // Wednesday: the referral bonus becomes 6 %
    const version = await publishPlan(t, { referralBonusPercentage: 6 });
    t.clock.set(at(17, 10));
    await buyAmount(t, buyer!, '200');
    const records = await incomesFrom(t, buyer!, 'referral-bonus');
    expect(records.map(({ amount, plan_version }) => ({ amount, plan_version }))).toEqual([
      { amount: String(usd('5')), plan_version: 2 },
      { amount: String(usd('12')), plan_version: version },
    ]);
  });
});

describe('very large amounts', () => {
  it('computes a share of a $1 billion base exactly, past what 64-bit micro-dollars × rate hold', async () => {
    const [sponsor, buyer] = await chain(t, 2);
    // The largest purchase a package may allow; the API's catalogue here stops at $25,000.
    await t.ctx.database.db.execute(sql`select income_fan_out(${buyer}::uuid, 'test:very-large',
      'referral-bonus', 'team-level-bonus', ${usd('1000000000')}::bigint, '{50000}'::int[],
      '{0}'::int[], null, null, 2, ${t.clock.now().toISOString().slice(0, 10)}::date,
      ${t.clock.now().toISOString()}::timestamptz)`);
    const [record] = await incomesFrom(t, buyer!, 'referral-bonus');
    expect(record).toMatchObject({ member_id: sponsor, amount: String(usd('50000000')) });
  });
});

describe('the income cap', () => {
  // Each case publishes its cap before it buys, and settles what it bought, so the cases share
  // this app in any order.
  const app = ownApp();

  it('pays income from others up to the multiple of active investment, and says what it cut', async () => {
    const t = app();
    t.clock.set(at(21, 10));
    await publishPlan(t, { incomeCapMultiple: 1 });
    const [sponsor, buyer] = await chain(t, 2);
    await buyAmount(t, sponsor!, '100'); // cap: $100
    await buyAmount(t, buyer!, '2500'); // referral bonus $125
    await settle(t);
    const [record] = await incomesFrom(t, buyer!, 'referral-bonus');
    expect(record).toMatchObject({
      status: 'paid',
      amount: String(usd('125')),
      paid_amount: String(usd('100')),
      reason: 'income-cap',
    });
    const list = await api(t, sponsor!, 'GET', 'income/referral-bonus');
    expect(list.body.data.data[0]).toMatchObject({
      amount: 100,
      notPaidReason: 'income cap reached: $25.00 not paid',
    });
    expect(list.body.data).toMatchObject({ totalAmount: 100, notPaidAmount: 25 });
    // Nothing more fits: the next bonus is recorded, not paid.
    await buyAmount(t, buyer!, '100');
    await settle(t);
    const second = await incomesFrom(t, buyer!, 'referral-bonus');
    expect(second[1]).toMatchObject({
      status: 'not-paid',
      paid_amount: null,
      reason: 'income-cap',
    });
    await expectReconciled(t.ctx.database.db);
  });

  it('rounds the cap down to the micro-dollar', async () => {
    const t = app();
    t.clock.set(at(23, 10));
    await publishPlan(t, { incomeCapMultiple: 0.5 });
    const [sponsor, buyer] = await chain(t, 2);
    await buyAmount(t, sponsor!, '333.333333'); // cap: $166.6666665, so $166.666666
    await buyAmount(t, buyer!, '3400'); // referral bonus $170
    await settle(t);
    const [record] = await incomesFrom(t, buyer!, 'referral-bonus');
    expect(record).toMatchObject({ paid_amount: String(usd('166.666666')), reason: 'income-cap' });
  });

  it("settles a member's kinds in one batch in kind order, each taking what the cap still allows", async () => {
    const t = app();
    t.clock.set(at(22, 10));
    await publishPlan(t, { incomeCapMultiple: 1 });
    const [sponsor, direct, below] = await chain(t, 3);
    await buyAmount(t, sponsor!, '100'); // cap: $100
    await buyAmount(t, direct!, '50'); // the sponsor's active direct; referral bonus $2.50
    await buyAmount(t, below!, '2500'); // team-level bonus at level 2: 2 % = $50
    const other = await teamMember(t, sponsor!);
    await buyAmount(t, other, '2000'); // referral bonus $100
    await settle(t); // one batch: the referral bonuses ($102.50), then the team-level bonus
    const referral = [
      ...(await incomesFrom(t, direct!, 'referral-bonus')),
      ...(await incomesFrom(t, other, 'referral-bonus')),
    ].filter((record) => record.member_id === sponsor);
    expect(referral.map((record) => [record.status, record.paid_amount])).toEqual([
      ['paid', String(usd('2.5'))],
      ['paid', String(usd('97.5'))],
    ]);
    const [levelBonus] = (await incomesFrom(t, below!, 'team-level-bonus')).filter(
      (record) => record.member_id === sponsor,
    );
    expect(levelBonus).toMatchObject({
      status: 'not-paid',
      paid_amount: null,
      reason: 'income-cap',
    });
    expect(await profitOf(t, sponsor!)).toBe(usd('100'));
    await expectReconciled(t.ctx.database.db);
  });
});
