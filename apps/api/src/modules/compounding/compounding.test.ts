import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { runCompounding } from './compounding-run.ts';
import {
  adjustMemberBalance,
  getMemberAccountIds,
  getMemberBalances,
  placeHold,
} from '../../ledger/index.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { api, at, fundedMember, snapshot, tokenOf, usd } from '../../testing/members.ts';
import { forgetCachedPlan } from '../../core/plan.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;

/**
 * The run pays each business day once per database, and time only moves forward: a test of the
 * run gets a database of its own, so it never finds its days already paid by a test that ran
 * before it (in any order).
 */
async function freshApp(): Promise<void> {
  await t.close();
  t = await createTestApp();
}

/** Every day that ended before `day` at `hour` is paid, so a test's run pays only its own days. */
async function paidUntil(day: number, hour?: number): Promise<void> {
  t.clock.set(at(day, hour));
  await runCompounding(db(), t.clock.now(), { batchSize: 50 });
}

/** A member whose profit wallet holds `profit` micro-dollars. */
async function profitMember(profit: bigint): Promise<string> {
  const memberId = await fundedMember(t, 0n);
  await adjustMemberBalance(db(), {
    memberId,
    wallet: 'profit',
    amount: profit,
    reference: `test-profit:${memberId}`,
    reason: 'test profit',
    now: t.clock.now(),
  });
  return memberId;
}

const move = (memberId: string, amount: unknown, key?: string) =>
  api(
    t,
    memberId,
    'POST',
    'compounding/move',
    amount === undefined ? {} : { amount },
    key ? { 'idempotency-key': key } : {},
  );

/** Sessions outlive no clock jump of days, so the operator signs in at the clock's now. */
const signInAs = (role: 'admin' | 'finance' | 'support') =>
  signInOperator(t, `${role}@example.com`, role);

const runJob = async (token?: string) =>
  call(t.app, 'POST', 'operator/jobs/compounding/run', undefined, {
    token: token ?? (await signInAs('admin')),
  });

const incomeRows = (memberId: string) =>
  queryRows<{ business_day: string; base_amount: string; amount: string; rate: string }>(
    db(),
    sql`select business_day::text, base_amount::text, amount::text, rate::text
        from compounding_incomes where member_id = ${memberId}::uuid order by business_day`,
  );

const notificationsOf = async (memberId: string) =>
  (
    await queryRows<{ message: string }>(
      db(),
      sql`select message from notifications where member_id = ${memberId}::uuid order by id`,
    )
  ).map((row) => row.message);

/** A new plan version with this compounding percentage, in force from the next run. */
async function setCompoundingPercentage(percentage: number): Promise<void> {
  const setting = JSON.stringify({ compoundingDailyPercentage: percentage });
  await db().execute(sql`
    insert into plan_versions (version, settings, created_at)
    select version + 1, settings || ${setting}::jsonb, now()
    from plan_versions order by version desc limit 1`);
  forgetCachedPlan(db());
}

describe('POST compounding/move', () => {
  it('moves available profit into compounding once per Idempotency-Key, with a notification', async () => {
    t.clock.set(at(0));
    const memberId = await profitMember(usd('100'));
    const moved = await move(memberId, '25.5', 'move-1');
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('$25.50 moved to compounding');
    expect(moved.body.data).toEqual({
      id: expect.any(String),
      amount: 25.5,
      createdAt: at(0).toISOString(),
      profitAvailable: 74.5,
      compoundingAvailable: 25.5,
    });
    const replay = await move(memberId, '25.5', 'move-1');
    expect(replay.body).toEqual(moved.body);
    const balances = await getMemberBalances(db(), memberId);
    expect(balances.profit.balance).toBe(usd('74.5'));
    expect(balances.compounding.balance).toBe(usd('25.5'));
    expect(await notificationsOf(memberId)).toEqual(['$25.50 moved from profit to compounding']);
    const [transfer] = await queryRows<{ kind: string; n: string }>(
      db(),
      sql`select kind, count(*)::text as n from transfers
          where member_id = ${memberId}::uuid and kind = 'compounding-move' group by kind`,
    );
    expect(transfer).toEqual({ kind: 'compounding-move', n: '1' });
    await expectReconciled(db());
  });

  it('refuses a missing, malformed or too small amount naming the field, changing nothing', async () => {
    const memberId = await profitMember(usd('100'));
    const before = await snapshot(t, memberId);
    const cases: [unknown, string][] = [
      [undefined, 'Amount is required'],
      ['ten', 'Enter valid Amount.'],
      ['9.999999', 'Amount must be at least $10'],
      [-10, 'Amount must be greater than 0'],
    ];
    for (const [amount, reason] of cases) {
      const refused = await move(memberId, amount);
      expect(refused.status, String(amount)).toBe(422);
      expect(refused.body.message[0].validation_results).toEqual([{ field: 'amount', reason }]);
    }
    expect(await snapshot(t, memberId)).toEqual(before);
  });

  it('refuses more than the available profit: what a pending withdrawal holds does not move', async () => {
    const memberId = await profitMember(usd('50'));
    const ids = await getMemberAccountIds(db(), memberId);
    await placeHold(db(), {
      accountId: ids!.profit,
      amount: usd('30'),
      reference: `test-hold:${memberId}`,
      now: t.clock.now(),
    });
    const before = await snapshot(t, memberId);
    const refused = await move(memberId, '20.000001');
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      status: 'error',
      message: 'Insufficient balance in profit wallet',
      error: 'INSUFFICIENT_FUNDS',
    });
    expect(await snapshot(t, memberId)).toEqual(before);
    expect((await move(memberId, '20')).status).toBe(200);
    await expectReconciled(db());
  });

  it('needs a member session', async () => {
    expect((await call(t.app, 'POST', 'compounding/move', { amount: 10 })).status).toBe(401);
    const asOperator = await call(
      t.app,
      'POST',
      'compounding/move',
      { amount: 10 },
      { token: await signInAs('admin') },
    );
    expect(asOperator.status).toBe(401);
  });
});

describe('the daily compounding run', () => {
  beforeEach(freshApp, 60_000);

  it('pays each member floor(base × 0.10 %) once for the day that ended, into compounding itself', async () => {
    t.clock.set(at(10)); // Thursday 2026-03-12
    await runCompounding(db(), t.clock.now(), { batchSize: 2 }); // settles every earlier day
    const a = await profitMember(usd('1000'));
    const b = await profitMember(usd('1000'));
    expect((await move(a, '333.333333')).status).toBe(200);
    expect((await move(b, '10')).status).toBe(200);

    t.clock.set(at(11, 0)); // Friday 00:00: Thursday has ended
    const ran = await runJob();
    expect(ran.status).toBe(200);
    expect(ran.body.message).toBe('Compounding income paid');
    expect(ran.body.data.days).toEqual([
      { day: '2026-03-12', members: expect.any(Number), amount: expect.any(Number) },
    ]);
    expect(await incomeRows(a)).toEqual([
      { business_day: '2026-03-12', base_amount: '333333333', amount: '333333', rate: '1000' },
    ]);
    expect(await incomeRows(b)).toEqual([
      { business_day: '2026-03-12', base_amount: '10000000', amount: '10000', rate: '1000' },
    ]);
    expect((await getMemberBalances(db(), a)).compounding.balance).toBe(usd('333.666666'));
    expect(await notificationsOf(a)).toContain(
      'Compounding income of $0.3333 for 2026-03-12 credited',
    );
    // The wallet summary counts the income, not the move (the member's own money).
    expect((await api(t, a, 'GET', 'auth/wallet-summary')).body.data.income).toMatchObject({
      trade: 0,
      compounding: 0.333333,
    });

    // The same day again (scheduler tick, another operator): nothing more is paid.
    const again = await runJob();
    expect(again.body).toMatchObject({ message: 'Nothing was due', data: { days: [] } });
    expect((await getMemberBalances(db(), a)).compounding.balance).toBe(usd('333.666666'));

    const audit = await queryRows<{ action: string; detail: unknown }>(
      db(),
      sql`select action, detail from audit_log where action = 'jobs.compounding.run' order by id`,
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]!.detail).toEqual({ days: ran.body.data.days });
    await expectReconciled(db());
  });

  it('catches up missed days oldest first, each day compounding into the next', async () => {
    await paidUntil(11, 0); // Friday 00:00: every day up to Thursday 2026-03-12 is paid
    const memberId = await profitMember(usd('100'));
    expect((await move(memberId, '100')).status).toBe(200);
    t.clock.set(at(14, 6)); // Monday 06:00: Friday, Saturday and Sunday were never run
    const report = await runCompounding(db(), t.clock.now(), { batchSize: 1 });
    expect(report.days.map((day) => day.day)).toEqual(['2026-03-13', '2026-03-14', '2026-03-15']);
    expect(await incomeRows(memberId)).toEqual([
      { business_day: '2026-03-13', base_amount: '100000000', amount: '100000', rate: '1000' },
      { business_day: '2026-03-14', base_amount: '100100000', amount: '100100', rate: '1000' },
      { business_day: '2026-03-15', base_amount: '100200100', amount: '100200', rate: '1000' },
    ]);
    await expectReconciled(db());
  });

  it('two runs started together for the same day pay each member once; a run after done pays nothing', async () => {
    await paidUntil(14, 6); // every day up to Sunday 2026-03-15 is paid
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => profitMember(usd('50'))));
    for (const memberId of members) expect((await move(memberId, '40')).status).toBe(200);
    t.clock.set(at(15, 1));
    const [first, second] = await Promise.all([
      runCompounding(db(), t.clock.now(), { batchSize: 2 }),
      runCompounding(db(), t.clock.now(), { batchSize: 2 }),
    ]);
    expect([...first.days, ...second.days].map((day) => day.day)).toContain('2026-03-16');
    for (const memberId of members) {
      expect(await incomeRows(memberId)).toEqual([
        { business_day: '2026-03-16', base_amount: '40000000', amount: '40000', rate: '1000' },
      ]);
      expect((await getMemberBalances(db(), memberId)).compounding.balance).toBe(usd('40.04'));
    }
    const [state] = await queryRows<{ state: string }>(
      db(),
      sql`select state from job_runs where job = 'compounding' and period = '2026-03-16'`,
    );
    expect(state).toEqual({ state: 'done' });
    expect(await runCompounding(db(), t.clock.now(), { batchSize: 2 })).toEqual({ days: [] });
    await expectReconciled(db());
  });

  it('excludes held compounding money from the base and reads the rate from the plan', async () => {
    await paidUntil(15, 1); // every day up to Monday 2026-03-16 is paid
    const memberId = await profitMember(usd('200'));
    expect((await move(memberId, '200')).status).toBe(200);
    const ids = await getMemberAccountIds(db(), memberId);
    await placeHold(db(), {
      accountId: ids!.compounding,
      amount: usd('50'),
      reference: `test-hold:c:${memberId}`,
      now: t.clock.now(),
    });
    await setCompoundingPercentage(0.25);
    t.clock.set(at(16, 1));
    await runCompounding(db(), t.clock.now(), { batchSize: 10 });
    expect(await incomeRows(memberId)).toEqual([
      { business_day: '2026-03-17', base_amount: '150000000', amount: '375000', rate: '2500' },
    ]);
    await expectReconciled(db());
  });

  it('lets only admins run it', async () => {
    expect((await runJob(await signInAs('finance'))).status).toBe(403);
    expect((await runJob(await signInAs('support'))).status).toBe(403);
    const member = await fundedMember(t, 0n);
    expect((await runJob(await tokenOf(t, member))).status).toBe(403);
    expect((await call(t.app, 'POST', 'operator/jobs/compounding/run')).status).toBe(401);
  });
});

describe('GET compounding/income and compounding/summary', () => {
  beforeEach(freshApp, 60_000);

  it("lists only the member's own paid days, newest first, with totals and a date filter", async () => {
    t.clock.set(at(20));
    await setCompoundingPercentage(0.1);
    await runCompounding(db(), t.clock.now(), { batchSize: 50 });
    const memberId = await profitMember(usd('1000'));
    const other = await profitMember(usd('1000'));
    expect((await move(memberId, '1000')).status).toBe(200);
    expect((await move(other, '500')).status).toBe(200);
    for (const day of [21, 22, 23]) {
      t.clock.set(at(day, 0));
      await runCompounding(db(), t.clock.now(), { batchSize: 50 });
    }
    const all = await api(t, memberId, 'GET', 'compounding/income?pageSize=2');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ page: 1, pageSize: 2, total: 3, totalAmount: 3.003001 });
    expect(all.body.data.data).toEqual([
      {
        id: `${memberId}:2026-03-24`,
        kind: 'compounding',
        amount: 1.002001,
        createdAt: at(23, 0).toISOString(),
        sourceMember: null,
        level: null,
        packageId: null,
        period: '2026-03-24',
        planVersion: expect.any(Number),
        baseAmount: 1002.001,
        rate: 0.1,
      },
      expect.objectContaining({ period: '2026-03-23', amount: 1.001, baseAmount: 1001 }),
    ]);
    const filtered = await api(
      t,
      memberId,
      'GET',
      'compounding/income?from=2026-03-22&to=2026-03-22',
    );
    expect(filtered.body.data).toMatchObject({ total: 1, totalAmount: 1 });
    const reversed = await api(
      t,
      memberId,
      'GET',
      'compounding/income?from=2026-03-23&to=2026-03-22',
    );
    expect(reversed.status).toBe(422);
    expect(reversed.body.message[0].validation_results).toEqual([
      { field: 'to', reason: 'To must not be before From' },
    ]);

    const summary = await api(t, memberId, 'GET', 'compounding/summary');
    expect(summary.body.data).toEqual({
      available: 1003.003001,
      held: 0,
      total: 1003.003001,
      movedIn: 1000,
      incomeTotal: 3.003001,
      dailyPercentage: 0.1,
    });
    expect((await call(t.app, 'GET', 'compounding/income')).status).toBe(401);
    await expectReconciled(db());
  });
});
