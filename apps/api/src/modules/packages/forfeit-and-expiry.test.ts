import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getMemberBalances } from '../../ledger/index.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { publishPlan } from '../../testing/team.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  api,
  at,
  buy,
  claim,
  claimStatus,
  fundedMember,
  insertPackage,
  readCatalogue,
  usd,
  type Catalogue,
} from '../../testing/members.ts';

let t: TestApp;
let catalogue: Catalogue;
let shortPackage: string;

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await readCatalogue(t);
  shortPackage = await insertPackage(t, { name: 'Sprint', days: 3, rate: 10_000 }); // 1 % a day for 3 days
});
afterAll(() => t.close());

const profit = async (memberId: string) =>
  (await getMemberBalances(t.ctx.database.db, memberId)).profit.balance;
const purchase = async (memberId: string, id: string) =>
  (await api(t, memberId, 'GET', `package/my-packages/${id}`)).body.data;

describe('expiry after totalDays (carry)', () => {
  beforeEach(() => publishPlan(t, { missedDays: 'carry' }));

  it('is Expired once its last day has ended, accrues nothing after it, and keeps unclaimed days claimable', async () => {
    t.clock.set(at(0)); // Monday; days 1-3 are Tuesday to Thursday
    const memberId = await fundedMember(t, usd('100'));
    const bought = await buy(t, memberId, { packageId: shortPackage, amount: 100 });
    const id = bought.body.data.id as string;
    expect(bought.body.data).toMatchObject({
      totalDays: 3,
      dailyProfitAmount: 1,
      totalProfit: 3,
      expiresAt: '2026-03-06T00:00:00.000Z',
      isExpired: false,
    });

    t.clock.set(new Date('2026-03-05T23:59:59.999Z')); // the end of day 3
    expect((await purchase(memberId, id)).isExpired).toBe(false);
    expect(await claimStatus(t, memberId)).toMatchObject({ claimableDays: 3, nextClaimAt: null });
    t.clock.set(new Date('2026-03-06T00:00:00.000Z'));
    expect((await purchase(memberId, id)).isExpired).toBe(true);

    t.clock.set(at(30));
    expect(await claimStatus(t, memberId)).toEqual({
      claimedToday: false,
      claimedTodayAmount: 0,
      claimableAmount: 3,
      claimableDays: 3,
      nextClaimAt: null,
    });
    const paid = await claim(t, memberId);
    expect(paid.body.data.lines.map((line: { dayNumber: number }) => line.dayNumber)).toEqual([
      1, 2, 3,
    ]);
    expect(paid.body.data.totalAmount).toBe(3);
    expect(await profit(memberId)).toBe(usd('3'));
    expect(await purchase(memberId, id)).toMatchObject({
      isExpired: true,
      claimedDays: 3,
      claimedProfit: 3,
      remainingDays: 0,
      remainingProfit: 0,
    });

    t.clock.set(at(60));
    expect((await claim(t, memberId)).status).toBe(409);
    expect(await profit(memberId)).toBe(usd('3'));
    await expectReconciled(t.ctx.database.db);
  });
});

describe("missedDays: 'forfeit'", () => {
  beforeEach(() => publishPlan(t, { missedDays: 'forfeit' }));
  afterAll(() => publishPlan(t, { missedDays: 'carry' }));

  it('pays only the latest accrued day and records the earlier ones as forfeited', async () => {
    t.clock.set(at(0));
    const memberId = await fundedMember(t, usd('1000'));
    const id = (await buy(t, memberId, { packageId: catalogue.Growth, amount: 500 })).body.data
      .id as string; // 2 a day
    t.clock.set(at(3)); // days 1-3 accrued, none claimed
    expect(await claimStatus(t, memberId)).toMatchObject({ claimableDays: 1, claimableAmount: 2 });
    const paid = await claim(t, memberId);
    expect(paid.body.data).toMatchObject({
      totalAmount: 2,
      forfeitedDays: 2,
      lines: [{ packageId: id, dayNumber: 3, period: '2026-03-05', amount: 2 }],
    });
    expect(await profit(memberId)).toBe(usd('2'));
    expect(await purchase(memberId, id)).toMatchObject({
      claimedDays: 1,
      claimedProfit: 2,
      forfeitedDays: 2,
      remainingDays: 362,
      remainingProfit: 724,
    });
    const trades = await api(t, memberId, 'GET', 'trading/fetch-user-trade');
    expect(trades.body.data).toMatchObject({ total: 1, totalAmount: 2 });
    expect(trades.body.data.data[0]).toMatchObject({
      dayNumber: 3,
      planVersion: expect.any(Number),
    });
    expect(trades.body.data.data[0].planVersion).toBeGreaterThan(1);

    t.clock.set(at(4)); // claimed yesterday: today's day is paid, nothing forfeited
    const next = await claim(t, memberId);
    expect(next.body.data).toMatchObject({ totalAmount: 2, forfeitedDays: 0 });
    await expectReconciled(t.ctx.database.db);
  });

  it('after expiry pays the last day and forfeits the rest', async () => {
    t.clock.set(at(0));
    const memberId = await fundedMember(t, usd('50'));
    const id = (await buy(t, memberId, { packageId: shortPackage, amount: 50 })).body.data
      .id as string; // 0.5 a day
    t.clock.set(at(9));
    const paid = await claim(t, memberId);
    expect(paid.body.data).toMatchObject({
      totalAmount: 0.5,
      forfeitedDays: 2,
      lines: [{ dayNumber: 3 }],
    });
    expect(await purchase(memberId, id)).toMatchObject({
      isExpired: true,
      claimedDays: 1,
      forfeitedDays: 2,
      remainingDays: 0,
    });
    expect((await claim(t, memberId)).status).toBe(409);
    await expectReconciled(t.ctx.database.db);
  });
});

describe("the plan's time zone", () => {
  afterAll(() => publishPlan(t, {}));

  it('starts business days at midnight in the plan time zone', async () => {
    await publishPlan(t, { timeZone: 'Asia/Kolkata' }); // UTC+05:30
    t.clock.set(new Date('2026-03-02T17:00:00Z')); // 22:30 on Monday in Kolkata
    const memberId = await fundedMember(t, usd('200'));
    const monday = await buy(t, memberId, { packageId: catalogue.Starter, amount: 100 });
    expect(monday.body.data).toMatchObject({
      startDate: '2026-03-02',
      expiresAt: '2027-03-02T18:30:00.000Z',
    });
    t.clock.set(new Date('2026-03-02T19:00:00Z')); // 00:30 on Tuesday in Kolkata
    const tuesday = await buy(t, memberId, { packageId: catalogue.Starter, amount: 100 });
    expect(tuesday.body.data.startDate).toBe('2026-03-03');
    expect(await claimStatus(t, memberId)).toMatchObject({
      claimableDays: 1,
      claimableAmount: 0.3,
      nextClaimAt: '2026-03-03T18:30:00.000Z',
    });
    const paid = await claim(t, memberId);
    expect(paid.body.data.lines).toEqual([
      {
        packageId: monday.body.data.id,
        packageName: 'Starter',
        dayNumber: 1,
        period: '2026-03-03',
        amount: 0.3,
      },
    ]);
    t.clock.set(new Date('2026-03-03T18:29:59Z')); // still Tuesday there: claimed today
    expect(await claimStatus(t, memberId)).toMatchObject({
      claimedToday: true,
      claimedTodayAmount: 0.3,
      claimableDays: 0,
    });
    t.clock.set(new Date('2026-03-03T18:30:00Z')); // Wednesday there
    expect(await claimStatus(t, memberId)).toMatchObject({
      claimedToday: false,
      claimedTodayAmount: 0,
      claimableDays: 2,
      claimableAmount: 0.6,
    });
    await expectReconciled(t.ctx.database.db);
  });
});
