import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustMemberBalance } from '../../ledger/index.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  api,
  at,
  buy,
  claim,
  fundedMember,
  readCatalogue,
  usd,
  type Catalogue,
} from '../../testing/members.ts';

let t: TestApp;
let catalogue: Catalogue;

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await readCatalogue(t);
});
afterAll(() => t.close());

const earner = (memberId: string, query = '') =>
  api(t, memberId, 'GET', `auth/user-earner${query}`);

/** A member who bought Starter for $100 (0.30 % a day) and moved $50 of profit into compounding. */
async function earningMember(): Promise<string> {
  const memberId = await fundedMember(t, usd('1000'));
  expect((await buy(t, memberId, { packageId: catalogue.Starter, amount: '100' })).status).toBe(
    200,
  );
  // Profit given by an adjustment is a correction, not income: it must not appear.
  await adjustMemberBalance(t.ctx.database.db, {
    memberId,
    wallet: 'profit',
    amount: usd('100'),
    reference: `earner-profit:${memberId}`,
    reason: 'test profit',
    now: t.clock.now(),
  });
  expect((await api(t, memberId, 'POST', 'compounding/move', { amount: 50 })).status).toBe(200);
  return memberId;
}

describe('GET auth/user-earner', () => {
  it('charts income per business day and kind, every day of the range, the member only', async () => {
    t.clock.set(at(0)); // Monday 2026-03-02
    const memberId = await earningMember();
    const other = await earningMember();
    t.clock.set(at(2)); // Wednesday: two days of daily profit
    expect((await claim(t, memberId)).body.data.totalAmount).toBe(0.6);
    expect((await claim(t, other)).status).toBe(200);
    t.clock.set(at(3, 0)); // Thursday 00:00: Wednesday's compounding income
    const run = await call(t.app, 'POST', 'operator/jobs/compounding/run', undefined, {
      token: await signInOperator(t, 'admin@ops.example.com'),
    });
    expect(run.status).toBe(200);

    const chart = await earner(memberId, '?from=2026-03-03&to=2026-03-05');
    expect(chart.status).toBe(200);
    expect(chart.body.data).toEqual({
      from: '2026-03-03',
      to: '2026-03-05',
      kinds: ['compounding-income', 'trade-income'],
      days: [
        { day: '2026-03-03', total: 0, byKind: {} },
        { day: '2026-03-04', total: 0.6, byKind: { 'trade-income': 0.6 } },
        { day: '2026-03-05', total: 0.05, byKind: { 'compounding-income': 0.05 } },
      ],
      totals: { 'compounding-income': 0.05, 'trade-income': 0.6 },
      total: 0.65,
    });

    const lastMonth = await earner(memberId);
    expect(lastMonth.body.data).toMatchObject({
      from: '2026-02-04',
      to: '2026-03-05',
      total: 0.65,
    });
    expect(lastMonth.body.data.days).toHaveLength(30);
    await expectReconciled(t.ctx.database.db);
  });

  it('refuses a reversed, too long or malformed range naming the field', async () => {
    const memberId = await fundedMember(t, 0n);
    const reversed = await earner(memberId, '?from=2026-03-05&to=2026-03-04');
    expect(reversed.status).toBe(422);
    expect(reversed.body.message[0].validation_results).toEqual([
      { field: 'to', reason: 'To must not be before From' },
    ]);
    const long = await earner(memberId, '?from=2025-03-04&to=2026-03-05');
    expect(long.status).toBe(422);
    expect(long.body.message[0].validation_results).toEqual([
      { field: 'from', reason: 'The range can be at most 366 days' },
    ]);
    expect((await earner(memberId, '?from=2025-03-05&to=2026-03-05')).status).toBe(200);
    const malformed = await earner(memberId, '?from=yesterday');
    expect(malformed.body.message[0].validation_results).toEqual([
      { field: 'from', reason: 'Enter valid date (YYYY-MM-DD).' },
    ]);
    expect((await call(t.app, 'GET', 'auth/user-earner')).status).toBe(401);
  });
});
