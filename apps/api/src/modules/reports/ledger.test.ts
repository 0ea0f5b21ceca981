import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { deposit, reportMember } from './test-support.ts';

// Two members: LEDGER23 deposits $75.25 on Monday and $10.000001 on Tuesday, OTHER234 $10 on
// Tuesday. Each deposit is one transfer: the member's fund credited from house:deposits.
let t: TestApp;
let ledgerMember: string;

const token = (role: 'admin' | 'finance' | 'support') =>
  signInOperator(t, `${role}-ledger@example.com`, role);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at(0, 10));
  ledgerMember = await reportMember(t, 'LEDGER23');
  await deposit(t, ledgerMember, '75.25', await token('finance'));
  t.clock.set(at(1, 10));
  const other = await reportMember(t, 'OTHER234');
  await deposit(t, ledgerMember, '10.000001', await token('finance'));
  await deposit(t, other, '10', await token('finance'));
});
afterAll(() => t.close());

const get = async (path: string, role: 'admin' | 'finance' | 'support' = 'finance') =>
  call(t.app, 'GET', `operator/${path}`, undefined, { token: await token(role) });

const fieldOf = (body: Record<string, any>) =>
  (body.message[0].validation_results as { field: string }[]).map((result) => result.field);

describe('GET operator/ledger/transfers', () => {
  it("lists one member's deposits newest first with what moved", async () => {
    const answer = await get('ledger/transfers?memberCode=ledger23&kind=deposit');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(answer.body.data.data).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        memberCode: 'LEDGER23',
        amount: 10.000001,
        postingCount: 2,
        createdAt: at(1, 10).toISOString(),
      }),
      expect.objectContaining({ amount: 75.25, createdAt: at(0, 10).toISOString() }),
    ]);
  });

  it('filters by UTC days and by reference prefix', async () => {
    const tuesday = await get('ledger/transfers?kind=deposit&from=2026-03-03&to=2026-03-03');
    expect(tuesday.body.data.data.map((row: { amount: number }) => row.amount)).toEqual([
      10, 10.000001,
    ]);
    const first = tuesday.body.data.data[0];
    const byReference = await get(
      `ledger/transfers?reference=${encodeURIComponent(first.reference)}`,
    );
    expect(byReference.body.data.data).toEqual([first]);
    const none = await get('ledger/transfers?reference=no-such-reference');
    expect(none.body.data).toMatchObject({ total: 0, data: [] });
  });

  it('refuses a bad filter with a 422 naming it, and support with a 403', async () => {
    for (const [query, field] of [
      ['memberCode=ab-c', 'memberCode'],
      ['kind=gift', 'kind'],
      ['from=2026-13-01', 'from'],
      ['from=2026-03-04&to=2026-03-03', 'to'],
      ['page=0', 'page'],
      ['page=501&pageSize=20', 'page'],
      ['pageSize=101', 'pageSize'],
    ] as const) {
      const answer = await get(`ledger/transfers?${query}`);
      expect(answer.status, query).toBe(422);
      expect(fieldOf(answer.body), query).toEqual([field]);
    }
    expect((await get('ledger/transfers', 'support')).status).toBe(403);
    expect((await get('ledger/transfers.csv', 'support')).status).toBe(403);
  });
});

describe('GET operator/ledger/transfers/:id', () => {
  it('shows every posting with its account and the balance after', async () => {
    const list = await get('ledger/transfers?memberCode=LEDGER23&kind=deposit');
    const [latest] = list.body.data.data;
    const answer = await get(`ledger/transfers/${latest.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: latest.id, kind: 'deposit', amount: 10.000001 });
    expect(answer.body.data.postings).toEqual([
      expect.objectContaining({
        account: 'fund',
        memberCode: 'LEDGER23',
        amount: 10.000001,
        balanceAfter: 85.250001,
      }),
      expect.objectContaining({
        account: 'house:deposits',
        memberCode: null,
        amount: -10.000001,
        balanceAfter: null,
      }),
    ]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await get('ledger/transfers/999999999')).status).toBe(404);
    expect((await get('ledger/transfers/abc')).status).toBe(404);
    expect((await get('ledger/transfers/99999999999999999999999')).status).toBe(404);
  });
});

describe('GET operator/ledger/postings', () => {
  it("pages a member wallet's postings and a house account's", async () => {
    const wallet = await get('ledger/postings?account=ledger23:fund');
    expect(wallet.status).toBe(200);
    expect(wallet.body.data.total).toBe(2);
    expect(
      wallet.body.data.data.map((row: { amount: number; balanceAfter: number }) => [
        row.amount,
        row.balanceAfter,
      ]),
    ).toEqual([
      [10.000001, 85.250001],
      [75.25, 75.25],
    ]);
    const house = await get('ledger/postings?account=house:deposits&from=2026-03-03');
    expect(house.body.data.data.map((row: { amount: number }) => row.amount)).toEqual([
      -10, -10.000001,
    ]);
  });

  it('requires a well-formed account that exists', async () => {
    expect(fieldOf((await get('ledger/postings')).body)).toEqual(['account']);
    expect(fieldOf((await get('ledger/postings?account=LEDGER23:savings')).body)).toEqual([
      'account',
    ]);
    expect((await get('ledger/postings?account=NOBODY23:fund')).status).toBe(404);
    expect((await get('ledger/postings?account=house:nothing')).status).toBe(404);
  });
});

describe('CSV exports', () => {
  it('exports the filtered transfers with exact decimals and the total matched', async () => {
    const answer = await get('ledger/transfers.csv?memberCode=LEDGER23');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['x-total-count']).toBe('2');
    const lines = (answer.body.raw as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,createdAt,kind,reference,memberCode,memberName,amount,postingCount');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/,deposit,.*,LEDGER23,.*,10\.000001,2$/);
    expect(lines[2]).toMatch(/,75\.25,2$/);
    const bad = await get('ledger/transfers.csv?kind=gift');
    expect(bad.status).toBe(422);
  });

  it('exports the reconciliation and the liabilities line by line', async () => {
    const reconciliation = await get('reconciliation.csv');
    expect(reconciliation.status).toBe(200);
    const lines = (reconciliation.body.raw as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('section,item,amount,held,note');
    expect(lines).toContain('check,ok,,,true');
    expect(lines).toContain('check,totalPostings,0,,');
    expect(lines).toContain('check,transfers,,,3');
    expect(lines).toContain('memberWallet,fund,95.250001,0,');
    expect(lines).toContain('houseAccount,house:deposits,-95.250001,,');

    const liabilities = await get('liabilities.csv', 'admin');
    const rows = (liabilities.body.raw as string).trimEnd().split('\r\n');
    expect(rows[0]).toBe('asOf,figure,amount');
    const asOf = t.clock.now().toISOString();
    expect(rows).toContain(`${asOf},fundWallets,95.250001`);
    expect(rows).toContain(`${asOf},depositsReceived,95.250001`);
    expect(rows).toContain(`${asOf},coverage,0`);
    expect((await get('liabilities.csv', 'support')).status).toBe(403);
    expect((await get('reconciliation.csv', 'support')).status).toBe(403);
  });
});
