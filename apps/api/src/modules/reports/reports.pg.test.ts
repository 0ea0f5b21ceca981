import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../core/audit.ts';
import { at } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { deposit, reportMember, withdrawalRow } from './test-support.ts';

// The reports' SQL on a PostgreSQL server, as in production: UTC days from timestamptz,
// starts_with prefixes, bigint sums as text and instants sent through node-postgres.
let t: TestApp;
let finance: string;

beforeAll(async () => {
  t = await createTestApp({ engine: 'postgres' });
  t.clock.set(at(0, 23));
  finance = await signInOperator(t, 'finance-pg@example.com', 'finance');
  const member = await reportMember(t, 'PGMEMB23');
  await deposit(t, member, '10.000001', finance);
  await withdrawalRow(t, member, '5', at(1, 0));
  await recordAudit(t.ctx.database.db, {
    operatorId: null,
    action: 'deposit.confirm',
    targetType: 'deposit',
    targetId: 'pg-1',
    now: at(1, 0),
  });
  t.clock.set(at(1, 1));
  finance = await signInOperator(t, 'finance-pg@example.com', 'finance');
});
afterAll(() => t.close());

const get = async (path: string, role: 'admin' | 'finance' = 'finance') =>
  call(t.app, 'GET', `operator/${path}`, undefined, {
    token: await signInOperator(t, `${role}-pg@example.com`, role),
  });

describe('reports on PostgreSQL', () => {
  it('splits days at UTC midnight and sums exactly', async () => {
    const data = (await get('dashboard')).body.data;
    expect(data).toMatchObject({ today: '2026-03-03', weekStart: '2026-03-02' });
    expect(data.money.today).toEqual({
      depositsConfirmed: { count: 0, amount: 0 },
      withdrawalsRequested: { count: 0, amount: 0 },
      withdrawalsPaid: { count: 1, amount: 5 },
    });
    expect(data.money.week.depositsConfirmed).toEqual({ count: 1, amount: 10.000001 });
    expect(data.money.series.at(-2)).toEqual({
      day: '2026-03-02',
      deposits: 10.000001,
      withdrawalsPaid: 0,
    });
    expect(data.money.reconciliation).toMatchObject({ ok: true, issues: 0 });
  });

  it('filters the ledger and the audit log and exports them', async () => {
    const transfers = await get('ledger/transfers?memberCode=PGMEMB23&kind=deposit&to=2026-03-02');
    expect(transfers.body.data.data).toEqual([
      expect.objectContaining({ amount: 10.000001, postingCount: 2, memberCode: 'PGMEMB23' }),
    ]);
    const detail = await get(`ledger/transfers/${transfers.body.data.data[0].id}`);
    expect(detail.body.data.postings.map((row: { amount: number }) => row.amount)).toEqual([
      10.000001, -10.000001,
    ]);
    const csv = await get('ledger/transfers.csv?memberCode=PGMEMB23&kind=deposit');
    expect((csv.body.raw as string).split('\r\n')[1]).toMatch(/,10\.000001,2$/);
    const audit = await get('audit-log?action=deposit.&from=2026-03-03', 'admin');
    expect(audit.body.data.data.map((row: { targetId: string }) => row.targetId)).toEqual(['pg-1']);
  });
});
