import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatAmount } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { getMemberBalances } from '../../ledger/index.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { dollarsText } from './claim-profit.ts';
import {
  api,
  at,
  buy,
  claim,
  claimStatus,
  fundedMember,
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

const profit = async (memberId: string) =>
  (await getMemberBalances(t.ctx.database.db, memberId)).profit.balance;

describe('daily profit: accrual, status and claim', () => {
  it('accrues one day per business day from the day after purchase and pays each day once', async () => {
    t.clock.set(at(0)); // Monday
    const memberId = await fundedMember(t, usd('1000'));
    const bought = await buy(t, memberId, { packageId: catalogue.Starter, amount: '333.333333' }); // daily 0.999999
    const packageId = bought.body.data.id as string;
    expect(bought.body.data.dailyProfitAmount).toBe(0.999999);

    expect(await claimStatus(t, memberId)).toEqual({
      claimedToday: false,
      claimedTodayAmount: 0,
      claimableAmount: 0,
      claimableDays: 0,
      nextClaimAt: '2026-03-03T00:00:00.000Z',
    });
    const before = await snapshot(t, memberId);
    const early = await claim(t, memberId);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      status: 'error',
      message: 'Nothing to claim yet',
      error: 'NOTHING_TO_CLAIM',
    });
    expect(await snapshot(t, memberId)).toEqual(before);

    t.clock.set(new Date('2026-03-02T23:59:59.999Z'));
    expect((await claimStatus(t, memberId)).claimableDays).toBe(0);
    t.clock.set(new Date('2026-03-03T00:00:00.000Z')); // Tuesday begins: day 1 is claimable
    expect(await claimStatus(t, memberId)).toEqual({
      claimedToday: false,
      claimedTodayAmount: 0,
      claimableAmount: 0.999999,
      claimableDays: 1,
      nextClaimAt: '2026-03-04T00:00:00.000Z',
    });
    t.clock.set(at(2)); // Wednesday, nothing claimed: two days carried
    expect(await claimStatus(t, memberId)).toMatchObject({
      claimableAmount: 1.999998,
      claimableDays: 2,
    });

    const paid = await claim(t, memberId);
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe('Profit claimed: $2.0000');
    expect(paid.body.data).toEqual({
      claimId: expect.any(String),
      totalAmount: 1.999998,
      forfeitedDays: 0,
      lines: [
        { packageId, packageName: 'Starter', dayNumber: 1, period: '2026-03-03', amount: 0.999999 },
        { packageId, packageName: 'Starter', dayNumber: 2, period: '2026-03-04', amount: 0.999999 },
      ],
    });
    expect(await profit(memberId)).toBe(usd('1.999998'));
    const [transfer] = await queryRows<{ reference: string; kind: string }>(
      t.ctx.database.db,
      sql`
      select reference, kind from transfers where member_id = ${memberId}::uuid and kind = 'trade-income'`,
    );
    expect(transfer).toEqual({ reference: `claim:${packageId}:1-2`, kind: 'trade-income' });
    const notes = await api(t, memberId, 'GET', 'notification');
    expect(notes.body.data.data[0].message).toBe('Profit claimed: $2.0000');

    expect(await claimStatus(t, memberId)).toEqual({
      claimedToday: true,
      claimedTodayAmount: 1.999998,
      claimableAmount: 0,
      claimableDays: 0,
      nextClaimAt: '2026-03-05T00:00:00.000Z',
    });
    const again = await claim(t, memberId);
    expect(again.status).toBe(409);
    expect(await profit(memberId)).toBe(usd('1.999998'));

    t.clock.set(at(3)); // Thursday: day 3 only
    expect((await claimStatus(t, memberId)).claimedToday).toBe(false);
    const third = await claim(t, memberId);
    expect(third.body.data.lines).toEqual([
      { packageId, packageName: 'Starter', dayNumber: 3, period: '2026-03-05', amount: 0.999999 },
    ]);
    const mine = await api(t, memberId, 'GET', `package/my-packages/${packageId}`);
    expect(mine.body.data).toMatchObject({
      claimedDays: 3,
      claimedProfit: 2.999997,
      remainingDays: 362,
      forfeitedDays: 0,
      isExpired: false,
    });
    await expectReconciled(t.ctx.database.db);
  });

  it('pays every package of the member in one transfer and lists each day as trade income', async () => {
    t.clock.set(at(0, 12));
    const memberId = await fundedMember(t, usd('10000'));
    const starter = (await buy(t, memberId, { packageId: catalogue.Starter, amount: 100 })).body
      .data.id as string; // 0.3 a day
    t.clock.set(at(1, 12));
    const growth = (await buy(t, memberId, { packageId: catalogue.Growth, amount: 1000 })).body.data
      .id as string; // 4 a day
    t.clock.set(at(3, 8));
    expect(await claimStatus(t, memberId)).toMatchObject({
      claimableDays: 5,
      claimableAmount: 8.9,
    });
    const paid = await claim(t, memberId);
    expect(paid.body.data.totalAmount).toBe(8.9);
    expect(paid.body.data.lines).toHaveLength(5);
    expect(await profit(memberId)).toBe(usd('8.9'));
    const transfers = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`
      select count(*)::int as n from transfers where member_id = ${memberId}::uuid and kind = 'trade-income'`,
    );
    expect(transfers[0]?.n).toBe(1);

    const trades = await api(t, memberId, 'GET', 'trading/fetch-user-trade');
    expect(trades.status).toBe(200);
    expect(trades.body.data).toMatchObject({ page: 1, pageSize: 20, total: 5, totalAmount: 8.9 });
    const starterDay3 = trades.body.data.data.find(
      (record: { packageId: string; dayNumber: number }) =>
        record.packageId === starter && record.dayNumber === 3,
    );
    expect(starterDay3).toEqual({
      id: `${starter}:3`,
      kind: 'trade',
      amount: 0.3,
      createdAt: at(3, 8).toISOString(),
      sourceMember: null,
      level: null,
      packageId: starter,
      packageName: 'Starter',
      purchasedAt: at(0, 12).toISOString(),
      purchaseAmount: 100,
      dayNumber: 3,
      period: '2026-03-05',
      planVersion: 2,
      claimId: paid.body.data.claimId,
    });
    expect(trades.body.data.data.map((record: { period: string }) => record.period)).toEqual([
      '2026-03-05',
      '2026-03-05',
      '2026-03-04',
      '2026-03-04',
      '2026-03-03',
    ]);
    const growthOnly = trades.body.data.data.filter(
      (record: { packageId: string }) => record.packageId === growth,
    );
    expect(growthOnly.map((record: { dayNumber: number }) => record.dayNumber).sort()).toEqual([
      1, 2,
    ]);

    const filtered = await api(
      t,
      memberId,
      'GET',
      'trading/fetch-user-trade?from=2026-03-04&to=2026-03-04&pageSize=1',
    );
    expect(filtered.body.data).toMatchObject({ total: 2, totalAmount: 4.3, pageSize: 1 });
    expect(filtered.body.data.data).toHaveLength(1);
    expect((await api(t, memberId, 'GET', 'trading/fetch-user-trade?from=yesterday')).status).toBe(
      422,
    );
    await expectReconciled(t.ctx.database.db);
  });

  it('replays a claim with the same Idempotency-Key and pays once', async () => {
    t.clock.set(at(0));
    const memberId = await fundedMember(t, usd('100'));
    await buy(t, memberId, { packageId: catalogue.Starter, amount: 100 });
    t.clock.set(at(1));
    const first = await claim(t, memberId, 'claim-key');
    const replay = await claim(t, memberId, 'claim-key');
    expect(first.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await profit(memberId)).toBe(usd('0.3'));
    await expectReconciled(t.ctx.database.db);
  });

  it("writes the notification's amount with formatAmount's rule, in SQL", async () => {
    const samples = [
      0n,
      1n,
      10n,
      49n,
      50n,
      9_999n,
      10_000n,
      945_000n,
      28_000_000n,
      -5_035_800n,
      9_999_999_950n,
      1_000_000n,
      1_500_000n,
      999_999_999n,
      1_000_000_000n,
      1_234_567_891_234n,
      25_000_000_000n,
      1_000_000_000_000_000n,
    ];
    for (const micros of samples) {
      const [row] = await queryRows<{ text: string }>(
        t.ctx.database.db,
        sql`select ${dollarsText(sql`${micros.toString()}::bigint`)} as text`,
      );
      expect(row?.text, String(micros)).toBe(formatAmount(micros));
    }
  });

  it('shows nothing to a member without packages and lists no trade income', async () => {
    const memberId = await fundedMember(t, 0n);
    expect(await claimStatus(t, memberId)).toEqual({
      claimedToday: false,
      claimedTodayAmount: 0,
      claimableAmount: 0,
      claimableDays: 0,
      nextClaimAt: null,
    });
    expect((await claim(t, memberId)).status).toBe(409);
    const trades = await api(t, memberId, 'GET', 'trading/fetch-user-trade');
    expect(trades.body.data).toEqual({ data: [], page: 1, pageSize: 20, total: 0, totalAmount: 0 });
  });
});
