import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { getMemberBalances } from '../../ledger/index.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  api,
  at,
  buy,
  fundedMember,
  insertPackage,
  readCatalogue,
  snapshot,
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

const fieldErrors = (response: { body: Record<string, any> }) =>
  response.body.message[0].validation_results as { field: string; reason: string }[];

describe('GET package', () => {
  it('lists the demo catalogue in order, in dollars and percent, to members only', async () => {
    const memberId = await fundedMember(t, 0n);
    const response = await api(t, memberId, 'GET', 'package');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    expect(response.body.data.data).toEqual([
      {
        id: catalogue.Starter,
        name: 'Starter',
        minAmount: 50,
        maxAmount: 499,
        dailyPercentage: 0.3,
        totalDays: 365,
        active: true,
      },
      {
        id: catalogue.Growth,
        name: 'Growth',
        minAmount: 500,
        maxAmount: 2499,
        dailyPercentage: 0.4,
        totalDays: 365,
        active: true,
      },
      {
        id: catalogue.Pro,
        name: 'Pro',
        minAmount: 2500,
        maxAmount: 25000,
        dailyPercentage: 0.5,
        totalDays: 365,
        active: true,
      },
    ]);
    expect((await call(t.app, 'GET', 'package')).status).toBe(401);
  });
});

describe('POST package/buy-package', () => {
  it('debits the fund wallet, records the purchase and notifies, starting today', async () => {
    t.clock.set(at(0));
    const memberId = await fundedMember(t, usd('1000'));
    const response = await buy(t, memberId, { packageId: catalogue.Starter, amount: 100 });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Package Starter bought for $100.00');
    expect(response.body.data).toEqual({
      id: expect.any(String),
      packageId: catalogue.Starter,
      name: 'Starter',
      amount: 100,
      dailyProfitAmount: 0.3,
      dailyPercentage: 0.3,
      totalDays: 365,
      totalProfit: 109.5,
      createdAt: at(0).toISOString(),
      startDate: '2026-03-02',
      expiresAt: '2027-03-03T00:00:00.000Z',
      isExpired: false,
      claimedDays: 0,
      claimedProfit: 0,
      forfeitedDays: 0,
      remainingDays: 365,
      remainingProfit: 109.5,
    });
    const balances = await getMemberBalances(t.ctx.database.db, memberId);
    expect(balances.fund.balance).toBe(usd('900'));
    const notes = await api(t, memberId, 'GET', 'notification');
    expect(notes.body.data.data[0].message).toBe('Package Starter bought for $100.00');
    const [principal] = await queryRows<{ total: string }>(
      t.ctx.database.db,
      sql`
      select sum(p.amount)::text as total from postings p join transfers tr on tr.id = p.transfer_id
      where tr.kind = 'package-purchase' and tr.member_id = ${memberId}::uuid and p.amount > 0`,
    );
    expect(principal?.total).toBe(usd('100').toString());
    await expectReconciled(t.ctx.database.db);
  });

  it('accepts the edges of each range, string amounts and 6 decimals; daily profit is floored', async () => {
    const memberId = await fundedMember(t, usd('100000'));
    const cases: [string, number | string, number][] = [
      ['Starter', 50, 0.15],
      ['Starter', '499', 1.497],
      ['Growth', ' 500.000001 ', 2.0],
      ['Growth', 2499, 9.996],
      ['Pro', '2500', 12.5],
      ['Pro', 25000, 125],
      ['Starter', 123.456789, 0.37037],
    ];
    for (const [name, amount, daily] of cases) {
      const response = await buy(t, memberId, { packageId: catalogue[name], amount });
      expect(response.status, `${name} ${amount}`).toBe(200);
      expect(response.body.data.dailyProfitAmount, `${name} ${amount}`).toBe(daily);
    }
    const fund = (await getMemberBalances(t.ctx.database.db, memberId)).fund.balance;
    expect(fund).toBe(
      usd('100000') -
        usd('50') -
        usd('499') -
        usd('500.000001') -
        usd('2499') -
        usd('2500') -
        usd('25000') -
        usd('123.456789'),
    );
    await expectReconciled(t.ctx.database.db);
  });

  it('refuses bad input with one reason per field and writes nothing', async () => {
    const memberId = await fundedMember(t, usd('100000'));
    const before = await snapshot(t, memberId);
    const retired = await insertPackage(t, {
      name: 'Retired',
      days: 30,
      rate: 3000,
      active: false,
    });
    const cases: [Record<string, unknown>, { field: string; reason: string }[]][] = [
      [
        {},
        [
          { field: 'packageId', reason: 'Package is required' },
          { field: 'amount', reason: 'Amount is required' },
        ],
      ],
      [
        { packageId: catalogue.Starter, amount: 49.999999 },
        [{ field: 'amount', reason: 'Amount must be between $50 and $499' }],
      ],
      [
        { packageId: catalogue.Starter, amount: '499.000001' },
        [{ field: 'amount', reason: 'Amount must be between $50 and $499' }],
      ],
      [
        { packageId: catalogue.Pro, amount: 25000.01 },
        [{ field: 'amount', reason: 'Amount must be between $2,500 and $25,000' }],
      ],
      [
        { packageId: catalogue.Starter, amount: 100.0000001 },
        [{ field: 'amount', reason: 'Amount can have at most 6 decimal places' }],
      ],
      [
        { packageId: catalogue.Starter, amount: 0 },
        [{ field: 'amount', reason: 'Amount must be greater than 0' }],
      ],
      [
        { packageId: catalogue.Starter, amount: -100 },
        [{ field: 'amount', reason: 'Amount must be greater than 0' }],
      ],
      [
        { packageId: catalogue.Starter, amount: '1e2' },
        [{ field: 'amount', reason: 'Enter valid Amount.' }],
      ],
      [
        { packageId: catalogue.Starter, amount: ' ' },
        [{ field: 'amount', reason: 'Amount is required' }],
      ],
      [
        { packageId: catalogue.Starter, amount: true },
        [{ field: 'amount', reason: 'Enter valid Amount.' }],
      ],
      [
        { packageId: 'starter', amount: 100 },
        [{ field: 'packageId', reason: 'Enter valid Package.' }],
      ],
      [
        { packageId: '0b9f5a8e-52c4-4a4e-9d2b-6a1d3c0e7f11', amount: 100 },
        [{ field: 'packageId', reason: 'Package does not exist' }],
      ],
      [
        { packageId: retired, amount: 100 },
        [{ field: 'packageId', reason: 'Package Retired is no longer available' }],
      ],
    ];
    for (const [body, results] of cases) {
      const response = await buy(t, memberId, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(fieldErrors(response), JSON.stringify(body)).toEqual(results);
    }
    expect(await snapshot(t, memberId)).toEqual(before);
  });

  it('answers INSUFFICIENT_FUNDS and writes nothing when the fund wallet is short', async () => {
    const memberId = await fundedMember(t, usd('99.999999'));
    const before = await snapshot(t, memberId);
    const response = await buy(t, memberId, { packageId: catalogue.Starter, amount: 100 });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Insufficient balance in fund wallet',
      error: 'INSUFFICIENT_FUNDS',
    });
    expect(await snapshot(t, memberId)).toEqual(before);
    await expectReconciled(t.ctx.database.db);
  });

  it('replays the same Idempotency-Key with one purchase and one debit; another body answers 409', async () => {
    const memberId = await fundedMember(t, usd('1000'));
    const first = await buy(
      t,
      memberId,
      { packageId: catalogue.Starter, amount: 200 },
      'buy-key-1',
    );
    const again = await buy(
      t,
      memberId,
      { amount: 200, packageId: catalogue.Starter },
      'buy-key-1',
    );
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await buy(
      t,
      memberId,
      { packageId: catalogue.Starter, amount: 300 },
      'buy-key-1',
    );
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await getMemberBalances(t.ctx.database.db, memberId)).fund.balance).toBe(usd('800'));
    const [transfer] = await queryRows<{ reference: string }>(
      t.ctx.database.db,
      sql`
      select reference from transfers where member_id = ${memberId}::uuid and kind = 'package-purchase'`,
    );
    expect(transfer?.reference).toBe(`buy:${memberId}:buy-key-1`);
    await expectReconciled(t.ctx.database.db);
  });
});

describe('GET package/my-packages', () => {
  it("lists the member's purchases newest first, and one purchase only to its owner", async () => {
    const memberId = await fundedMember(t, usd('5000'));
    t.clock.set(at(0, 10));
    const older = await buy(t, memberId, { packageId: catalogue.Starter, amount: 60 });
    t.clock.set(at(0, 11));
    const newer = await buy(t, memberId, { packageId: catalogue.Growth, amount: 600 });
    const list = await api(t, memberId, 'GET', 'package/my-packages?pageSize=1');
    expect(list.body.data).toMatchObject({ page: 1, pageSize: 1, total: 2 });
    expect(list.body.data.data).toEqual([newer.body.data]);
    const second = await api(t, memberId, 'GET', 'package/my-packages?page=2&pageSize=1');
    expect(second.body.data.data).toEqual([older.body.data]);

    const mine = await api(t, memberId, 'GET', `package/my-packages/${older.body.data.id}`);
    expect(mine.body.data).toEqual(older.body.data);
    const stranger = await fundedMember(t, 0n);
    const theirs = await api(t, stranger, 'GET', `package/my-packages/${older.body.data.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('NOT_FOUND');
    expect((await api(t, stranger, 'GET', 'package/my-packages/not-a-uuid')).status).toBe(404);
  });
});
