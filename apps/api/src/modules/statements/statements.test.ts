import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectReconciled, insertFundedLedgerMember } from '../../testing/ledger-assertions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  api,
  at,
  buy,
  claim,
  fundedMember,
  insertPackage,
  tokenOf,
  usd,
} from '../../testing/members.ts';

let t: TestApp;
let memberId: string;
let otherId: string;

// One member: $1,000 opening adjustment on Monday, a $500 package at 0.5 % a day bought the
// same day, two days of profit claimed on Wednesday. Another member has a $250 deposit.
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at(0));
  const packageId = await insertPackage(t, { name: 'Ledger', days: 30, rate: 5000 });
  memberId = await fundedMember(t, usd('1000'));
  otherId = (await insertFundedLedgerMember(t.ctx.database.db, usd('250'), t.clock.now())).memberId;
  t.clock.set(at(0, 10));
  expect((await buy(t, memberId, { packageId, amount: '500' })).status).toBe(200);
  t.clock.set(at(2));
  expect((await claim(t, memberId)).body.data.totalAmount).toBe(5);
});
afterAll(() => t.close());

const statement = async (query = '', who = memberId) => {
  const answer = await api(t, who, 'GET', `auth/transaction-hist${query}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
};

const claimLine = {
  createdAt: '2026-03-04T09:00:00.000Z',
  wallet: 'profit',
  kind: 'trade-income',
  amount: 5,
  balanceAfter: 5,
  reference: expect.stringMatching(/^claim:/),
  description: 'Daily profit claimed',
};
const buyLine = {
  createdAt: '2026-03-02T10:00:00.000Z',
  wallet: 'fund',
  kind: 'package-purchase',
  amount: -500,
  balanceAfter: 500,
  reference: expect.stringMatching(/^buy:/),
  description: 'Package Ledger bought',
};
const fundingLine = {
  createdAt: '2026-03-02T09:00:00.000Z',
  wallet: 'fund',
  kind: 'adjustment',
  amount: 1000,
  balanceAfter: 1000,
  reference: expect.stringMatching(/^test-fund:/),
  description: 'test funding (adjustment)',
};

describe('statement', () => {
  it('lists the member’s own lines newest first, with the running balance of each wallet', async () => {
    const page = await statement();
    expect(page).toEqual({
      data: [
        { id: expect.any(String), ...claimLine },
        { id: expect.any(String), ...buyLine },
        { id: expect.any(String), ...fundingLine },
      ],
      page: 1,
      pageSize: 20,
      total: 3,
    });
    const ids = page.data.map((line: { id: string }) => BigInt(line.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
  });

  it('never shows another member’s lines', async () => {
    expect(await statement('', otherId)).toMatchObject({
      data: [
        { wallet: 'fund', kind: 'deposit', amount: 250, balanceAfter: 250, description: 'Deposit' },
      ],
      total: 1,
    });
    const mine = await statement();
    expect(mine.data.some((line: { kind: string }) => line.kind === 'deposit')).toBe(false);
  });

  it('filters by wallet, kind and UTC days (both ends included), and pages', async () => {
    expect(await statement('?wallet=fund')).toMatchObject({
      data: [buyLine, fundingLine],
      total: 2,
    });
    expect(await statement('?wallet=compounding')).toEqual({
      data: [],
      page: 1,
      pageSize: 20,
      total: 0,
    });
    expect(await statement('?kind=trade-income')).toMatchObject({ data: [claimLine], total: 1 });
    expect(await statement('?from=2026-03-04')).toMatchObject({ data: [claimLine], total: 1 });
    expect(await statement('?to=2026-03-02')).toMatchObject({ data: [buyLine, fundingLine] });
    expect(await statement('?from=2026-03-02&to=2026-03-02')).toMatchObject({ total: 2 });
    expect(await statement('?from=2026-03-03&to=2026-03-03')).toMatchObject({ total: 0 });
    expect(
      await statement('?wallet=fund&kind=adjustment&from=2026-03-01&to=2026-03-31'),
    ).toMatchObject({
      data: [fundingLine],
      total: 1,
    });
    expect(await statement('?page=2&pageSize=2')).toMatchObject({
      data: [fundingLine],
      page: 2,
      pageSize: 2,
      total: 3,
    });
  });

  it('refuses bad filters with 422 naming the field', async () => {
    for (const [query, field] of [
      ['wallet=savings', 'wallet'],
      ['kind=gift', 'kind'],
      ['from=2026-3-1', 'from'],
      ['to=tomorrow', 'to'],
      ['from=2026-03-05&to=2026-03-04', 'to'],
      ['page=0', 'page'],
      ['pageSize=1000', 'pageSize'],
    ] as const) {
      for (const path of ['auth/transaction-hist', 'auth/transaction-hist.csv']) {
        if (path.endsWith('.csv') && field.startsWith('page')) continue;
        const answer = await api(t, memberId, 'GET', `${path}?${query}`);
        expect(answer.status, `${path}?${query}`).toBe(422);
        expect(answer.body.message[0].validation_results).toEqual([
          { field, reason: expect.any(String) },
        ]);
      }
    }
  });

  it('needs a session', async () => {
    for (const path of [
      'auth/wallet',
      'auth/wallet-summary',
      'auth/transaction-hist',
      'auth/transaction-hist.csv',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/v1/${path}` });
      expect(answer.statusCode, path).toBe(401);
    }
  });
});

describe('CSV export', () => {
  it('answers every matching line as an attachment with exact decimal amounts', async () => {
    const ids = (await statement()).data.map((line: { id: string }) => line.id);
    const refs = (await statement()).data.map((line: { reference: string }) => line.reference);
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/transaction-hist.csv',
      headers: { authorization: `Bearer ${await tokenOf(t, memberId)}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
    expect(answer.body).toBe(
      [
        'id,createdAt,wallet,kind,amount,balanceAfter,reference,description',
        `${ids[0]},2026-03-04T09:00:00.000Z,profit,trade-income,5,5,${refs[0]},Daily profit claimed`,
        `${ids[1]},2026-03-02T10:00:00.000Z,fund,package-purchase,-500,500,${refs[1]},Package Ledger bought`,
        `${ids[2]},2026-03-02T09:00:00.000Z,fund,adjustment,1000,1000,${refs[2]},test funding (adjustment)`,
        '',
      ].join('\r\n'),
    );

    const filtered = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/transaction-hist.csv?wallet=profit',
      headers: { authorization: `Bearer ${await tokenOf(t, memberId)}` },
    });
    expect(filtered.body.split('\r\n')).toEqual([
      'id,createdAt,wallet,kind,amount,balanceAfter,reference,description',
      `${ids[0]},2026-03-04T09:00:00.000Z,profit,trade-income,5,5,${refs[0]},Daily profit claimed`,
      '',
    ]);
  });
});

/** The team incomes of a member without a team: every kind present, each 0. */
const NO_TEAM_INCOME = {
  referralBonus: 0,
  teamLevelBonus: 0,
  teamProfit: 0,
  weeklyIncome: 0,
  monthlyIncome: 0,
  reward: 0,
};

describe('wallets and summary', () => {
  it('gives each wallet’s available, held and total in dollars', async () => {
    const answer = await api(t, memberId, 'GET', 'auth/wallet');
    expect(answer.body).toEqual({
      status: 'success',
      message: 'Success',
      data: {
        fund: { available: 500, held: 0, total: 500 },
        profit: { available: 5, held: 0, total: 5 },
        compounding: { available: 0, held: 0, total: 0 },
      },
    });
  });

  it('totals deposits, purchases, withdrawals and income by kind; adjustments count in none', async () => {
    expect((await api(t, memberId, 'GET', 'auth/wallet-summary')).body.data).toEqual({
      deposited: 0,
      invested: 500,
      withdrawn: 0,
      active: { packages: 1, amount: 500 },
      income: { trade: 5, compounding: 0, ...NO_TEAM_INCOME },
    });
    expect((await api(t, otherId, 'GET', 'auth/wallet-summary')).body.data).toEqual({
      deposited: 250,
      invested: 0,
      withdrawn: 0,
      active: { packages: 0, amount: 0 },
      income: { trade: 0, compounding: 0, ...NO_TEAM_INCOME },
    });
  });

  it('counts a package as active until its last day has ended, and invested for ever', async () => {
    const summaryOn = async (day: number) => {
      t.clock.set(at(day));
      return (await api(t, memberId, 'GET', 'auth/wallet-summary')).body.data;
    };
    try {
      expect(await summaryOn(30)).toMatchObject({ active: { packages: 1, amount: 500 } });
      expect(await summaryOn(31)).toMatchObject({
        invested: 500,
        active: { packages: 0, amount: 0 },
      });
    } finally {
      t.clock.set(at(2));
    }
  });

  it('reads only: the ledger still reconciles', async () => {
    await expectReconciled(t.ctx.database.db);
  });
});
