import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  deposit,
  pendingAdjustmentRow,
  reportMember,
  ticketRow,
  withdrawalRow,
} from './test-support.ts';

// TEST_START is Monday 2026-03-02 09:00 UTC. The overview is read on Wednesday 03-04 at 15:00:
// one member joined the Friday before (a $40 deposit), one on Monday ($75.25 confirmed, $12
// pending), one on Wednesday ($100.50). A $20 withdrawal was asked on Tuesday and paid on
// Wednesday; a $30 one was asked on Wednesday and waits. Every figure follows exactly.
let t: TestApp;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at(-3, 10));
  finance = await signInOperator(t, 'finance-dash@example.com', 'finance');
  const friday = await reportMember(t, 'FRIDAY23');
  await deposit(t, friday, '40', finance);

  t.clock.set(at(0, 10));
  finance = await signInOperator(t, 'finance-dash@example.com', 'finance');
  const monday = await reportMember(t, 'MONDAY23');
  await deposit(t, monday, '75.25', finance);
  await deposit(t, monday, '12', finance, true);
  await ticketRow(t, monday, 'open');
  await ticketRow(t, monday, 'answered');
  await ticketRow(t, monday, 'closed');
  await pendingAdjustmentRow(t, monday, 'finance-dash@example.com');

  t.clock.set(at(1, 10));
  await withdrawalRow(t, friday, '20', at(2, 11));

  t.clock.set(at(2, 12));
  finance = await signInOperator(t, 'finance-dash@example.com', 'finance');
  const wednesday = await reportMember(t, 'WEDNES23');
  await deposit(t, wednesday, '100.5', finance);
  await withdrawalRow(t, monday, '30');
  t.clock.set(at(2, 15));
});
afterAll(() => t.close());

const dashboard = async (role: 'admin' | 'finance' | 'support') =>
  call(t.app, 'GET', 'operator/dashboard', undefined, {
    token: await signInOperator(t, `${role}-dash@example.com`, role),
  });

describe('GET operator/dashboard', () => {
  it("sums today's and this week's money, members and queues exactly", async () => {
    const answer = await dashboard('finance');
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({
      asOf: at(2, 15).toISOString(),
      today: '2026-03-04',
      weekStart: '2026-03-02',
      newMembers: { today: 1, week: 2 },
      tickets: { open: 1, answered: 1 },
    });
    expect(data.money).toMatchObject({
      today: {
        depositsConfirmed: { count: 1, amount: 100.5 },
        withdrawalsRequested: { count: 1, amount: 30 },
        withdrawalsPaid: { count: 1, amount: 20 },
      },
      week: {
        depositsConfirmed: { count: 2, amount: 175.75 },
        withdrawalsRequested: { count: 2, amount: 50 },
        withdrawalsPaid: { count: 1, amount: 20 },
      },
      queues: { deposits: 1, withdrawals: 1, adjustments: 1 },
      reconciliation: { ok: true, checkedAt: at(2, 15).toISOString(), issues: 0 },
    });
    expect(data.money.liabilities).toMatchObject({ depositsReceived: 215.75 });
  });

  it('charts the last 14 UTC days, oldest first, with every day present', async () => {
    const data = (await dashboard('admin')).body.data;
    expect(data.memberSeries).toHaveLength(14);
    expect(data.memberSeries[0]).toEqual({ day: '2026-02-19', newMembers: 0 });
    expect(data.memberSeries.at(-1)).toEqual({ day: '2026-03-04', newMembers: 1 });
    const nonZero = data.money.series.filter(
      (day: { deposits: number; withdrawalsPaid: number }) => day.deposits || day.withdrawalsPaid,
    );
    expect(nonZero).toEqual([
      { day: '2026-02-27', deposits: 40, withdrawalsPaid: 0 },
      { day: '2026-03-02', deposits: 75.25, withdrawalsPaid: 0 },
      { day: '2026-03-04', deposits: 100.5, withdrawalsPaid: 20 },
    ]);
    expect(data.memberSeries.filter((day: { newMembers: number }) => day.newMembers > 0)).toEqual([
      { day: '2026-02-27', newMembers: 1 },
      { day: '2026-03-02', newMembers: 1 },
      { day: '2026-03-04', newMembers: 1 },
    ]);
  });

  it('shows support the members and tickets, and no money at all', async () => {
    const answer = await dashboard('support');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      newMembers: { today: 1, week: 2 },
      tickets: { open: 1, answered: 1 },
      money: null,
    });
    expect(JSON.stringify(answer.body.data)).not.toContain('100.5');
  });

  it('reuses a reconciliation younger than five minutes and runs it again after', async () => {
    const first = (await dashboard('admin')).body.data.money.reconciliation.checkedAt;
    t.clock.set(at(2, 15));
    t.clock.advance(4 * 60_000);
    expect((await dashboard('admin')).body.data.money.reconciliation.checkedAt).toBe(first);
    t.clock.advance(2 * 60_000);
    expect((await dashboard('admin')).body.data.money.reconciliation.checkedAt).toBe(
      t.clock.now().toISOString(),
    );
  });
});
