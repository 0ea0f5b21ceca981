import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createServerTestDatabase, createTestTable, testDatabaseUrl } from '../testing/database.ts';
import { expectReconciled, insertLedgerTestMember } from '../testing/ledger-assertions.ts';
import {
  getHold,
  getHouseAccountIds,
  getMemberBalances,
  type HouseAccountIds,
  InsufficientFundsError,
  placeHold,
  postHold,
  postTransfer,
  type TransferLine,
  voidHold,
  withTransaction,
} from './index.ts';

// The ledger under real concurrency: many connections of a PostgreSQL server racing for the same
// rows. PGlite has one connection and cannot show any of this.

const now = new Date('2025-03-01T10:00:00Z');
let database: Database;
let house: HouseAccountIds;

describe.skipIf(!testDatabaseUrl)('ledger under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    database = await createServerTestDatabase(52); // ≥ 50 connections, so all racers really race
    house = await getHouseAccountIds(database.db);
  });
  afterAll(async () => {
    if (!database) return;
    await expectReconciled(database.db);
    await database.close();
  });

  async function fundedMember(amount: bigint) {
    const member = await insertLedgerTestMember(database.db, now);
    for (const wallet of ['fund', 'profit'] as const) {
      await postTransfer(database.db, {
        reference: `deposit:${member.memberId}:${wallet}`,
        kind: 'deposit',
        lines: [
          { accountId: member.accounts[wallet], amount },
          { accountId: house.deposits, amount: -amount },
        ],
        now,
      });
    }
    return member;
  }

  const settle = <T>(tasks: Promise<T>[]) => Promise.allSettled(tasks);
  const fulfilled = <T>(results: PromiseSettledResult<T>[]) =>
    results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const rejected = <T>(results: PromiseSettledResult<T>[]) =>
    results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));

  it('applies exactly one of 50 concurrent debits of the whole balance', async () => {
    const { memberId, accounts } = await fundedMember(1_000_000n);
    const results = await settle(
      Array.from({ length: 50 }, (_, i) =>
        withTransaction(database.db, (tx) =>
          postTransfer(tx, {
            reference: `drain:${memberId}:${i}`,
            kind: 'withdrawal',
            lines: [
              { accountId: accounts.fund, amount: -1_000_000n },
              { accountId: house.withdrawals, amount: 1_000_000n },
            ],
            now,
          }),
        ),
      ),
    );
    expect(fulfilled(results).map((r) => r.status)).toEqual(['posted']);
    const errors = rejected(results);
    expect(errors).toHaveLength(49);
    for (const error of errors) expect(error).toBeInstanceOf(InsufficientFundsError);
    expect((await getMemberBalances(database.db, memberId)).fund).toEqual({
      balance: 0n,
      held: 0n,
      available: 0n,
    });
    await expectReconciled(database.db);
  });

  it('lets two members pay each other concurrently without losing a cent or hanging', async () => {
    const start = 1_000_000n;
    const a = await fundedMember(start);
    const b = await fundedMember(start);
    const expected = new Map<bigint, bigint>([
      [a.accounts.fund, start],
      [b.accounts.fund, start],
      [a.accounts.profit, start],
      [b.accounts.profit, start],
    ]);
    const batches: TransferLine[][] = [];
    for (let i = 0; i < 200; i += 1) {
      const amount = BigInt(1 + (i % 37));
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      batches.push([
        { accountId: from.accounts.fund, amount: -amount },
        { accountId: to.accounts.fund, amount },
      ]);
      // Multi-line transfers listing both members' accounts in opposite orders, plus the house.
      if (i % 4 === 0) {
        batches.push([
          { accountId: b.accounts.profit, amount: -3n },
          { accountId: a.accounts.fund, amount: 2n },
          { accountId: a.accounts.profit, amount: -1n },
          { accountId: house.feeRevenue, amount: 2n },
        ]);
        batches.push([
          { accountId: a.accounts.profit, amount: -3n },
          { accountId: house.feeRevenue, amount: 2n },
          { accountId: b.accounts.fund, amount: 2n },
          { accountId: b.accounts.profit, amount: -1n },
        ]);
      }
    }
    for (const lines of batches) {
      for (const line of lines) {
        if (expected.has(line.accountId))
          expected.set(line.accountId, expected.get(line.accountId)! + line.amount);
      }
    }
    const results = await settle(
      batches.map((lines, i) =>
        withTransaction(database.db, (tx) =>
          postTransfer(tx, { reference: `swap:${a.memberId}:${i}`, kind: 'transfer', lines, now }),
        ),
      ),
    );
    expect(rejected(results)).toEqual([]);
    expect(fulfilled(results).every((r) => r.status === 'posted')).toBe(true);
    const [balancesA, balancesB] = await Promise.all([
      getMemberBalances(database.db, a.memberId),
      getMemberBalances(database.db, b.memberId),
    ]);
    expect({
      aFund: balancesA.fund.balance,
      bFund: balancesB.fund.balance,
      aProfit: balancesA.profit.balance,
      bProfit: balancesB.profit.balance,
    }).toEqual({
      aFund: expected.get(a.accounts.fund),
      bFund: expected.get(b.accounts.fund),
      aProfit: expected.get(a.accounts.profit),
      bProfit: expected.get(b.accounts.profit),
    });
    await expectReconciled(database.db);
  });

  it('places exactly one of 50 concurrent holds on the whole available balance', async () => {
    const { memberId, accounts } = await fundedMember(500n);
    const results = await settle(
      Array.from({ length: 50 }, (_, i) =>
        withTransaction(database.db, (tx) =>
          placeHold(tx, {
            accountId: accounts.fund,
            amount: 500n,
            reference: `hold:${memberId}:${i}`,
            now,
          }),
        ),
      ),
    );
    expect(fulfilled(results).map((r) => r.status)).toEqual(['placed']);
    for (const error of rejected(results)) expect(error).toBeInstanceOf(InsufficientFundsError);
    expect((await getMemberBalances(database.db, memberId)).fund).toEqual({
      balance: 500n,
      held: 500n,
      available: 0n,
    });
    await expectReconciled(database.db);
  });

  it('gives concurrent replays of one reference exactly one effect', async () => {
    const { memberId, accounts } = await fundedMember(100n);
    const transfers = await settle(
      Array.from({ length: 30 }, () =>
        withTransaction(database.db, (tx) =>
          postTransfer(tx, {
            reference: `claim:${memberId}:day-1`,
            kind: 'profit',
            lines: [
              { accountId: accounts.compounding, amount: 7n },
              { accountId: house.profitExpense, amount: -7n },
            ],
            now,
          }),
        ),
      ),
    );
    expect(rejected(transfers)).toEqual([]);
    const statuses = fulfilled(transfers).map((r) => r.status);
    expect(statuses.filter((s) => s === 'posted')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(29);
    expect(new Set(fulfilled(transfers).map((r) => r.transferId)).size).toBe(1);
    expect((await getMemberBalances(database.db, memberId)).compounding.balance).toBe(7n);

    const holds = await settle(
      Array.from({ length: 30 }, () =>
        withTransaction(database.db, (tx) =>
          placeHold(tx, {
            accountId: accounts.fund,
            amount: 10n,
            reference: `hold:${memberId}:once`,
            now,
          }),
        ),
      ),
    );
    expect(rejected(holds)).toEqual([]);
    expect(fulfilled(holds).filter((r) => r.status === 'placed')).toHaveLength(1);
    expect((await getMemberBalances(database.db, memberId)).fund.held).toBe(10n);
    await expectReconciled(database.db);
  });

  it('resolves a hold exactly once when posts and voids race', async () => {
    const { memberId, accounts } = await fundedMember(100n);
    const { hold } = await placeHold(database.db, {
      accountId: accounts.fund,
      amount: 40n,
      reference: `race:${memberId}`,
      now,
    });
    const results = await settle(
      Array.from({ length: 20 }, (_, i) =>
        withTransaction(database.db, async (tx): Promise<{ status: string }> =>
          i % 2 === 0
            ? voidHold(tx, { holdId: hold.id, now })
            : postHold(tx, {
                holdId: hold.id,
                transfer: {
                  reference: `race-paid:${memberId}:${i}`,
                  kind: 'withdrawal',
                  lines: [
                    { accountId: accounts.fund, amount: -40n },
                    { accountId: house.withdrawals, amount: 40n },
                  ],
                  now,
                },
              }),
        ),
      ),
    );
    const done = fulfilled(results).map((r) => r.status);
    expect(done.filter((s) => s === 'posted' || s === 'voided')).toHaveLength(1);
    for (const error of rejected(results))
      expect(error).toMatchObject({ code: 'HOLD_ALREADY_RESOLVED' });
    const final = await getHold(database.db, hold.id);
    const balance = (await getMemberBalances(database.db, memberId)).fund;
    expect(balance).toEqual(
      final?.status === 'posted'
        ? { balance: 60n, held: 0n, available: 60n }
        : { balance: 100n, held: 0n, available: 100n },
    );
    await expectReconciled(database.db);
  });

  it('retries a transaction that PostgreSQL aborts as a deadlock', async () => {
    await createTestTable(database, 'deadlock_probe', 'id int primary key, n int not null');
    await database.db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
    const attempts = [0, 0];
    let arrived = 0;
    let release!: () => void;
    const bothHoldALock = new Promise<void>((resolve) => (release = resolve));
    // Each body's end: the survivor then holds both rows and waits for nothing.
    const ended: (() => void)[] = [];
    const bodyEnded = [0, 1].map(() => new Promise<void>((resolve) => ended.push(resolve)));
    // Each transaction locks one row, waits until the other holds the other row, then asks for
    // it: a real deadlock on the first attempt. PostgreSQL aborts one (40P01). Its retry starts
    // once the survivor's body has ended, so it waits for the survivor's commit instead of racing
    // it for the row the abort freed (which can deadlock again), and both commit.
    const run = (index: 0 | 1, first: number, second: number) =>
      withTransaction(database.db, async (tx) => {
        attempts[index] = (attempts[index] ?? 0) + 1;
        if (attempts[index] > 1) await bodyEnded[1 - index];
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
        if (attempts[index] === 1) {
          arrived += 1;
          if (arrived === 2) release();
          await bothHoldALock;
        }
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
        ended[index]!();
      });
    await Promise.all([run(0, 1, 2), run(1, 2, 1)]);
    expect(attempts[0]! + attempts[1]!).toBe(3);
    const rows = await database.db.execute(sql`select n from deadlock_probe order by id`);
    expect((rows as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 2 }, { n: 2 }]);
  });

  it('credits many members from the same house account in parallel (no hot house row)', async () => {
    const members = await Promise.all(
      Array.from({ length: 40 }, () => insertLedgerTestMember(database.db, now)),
    );
    const started = performance.now();
    const results = await settle(
      members.map((m) =>
        withTransaction(database.db, (tx) =>
          postTransfer(tx, {
            reference: `claim:${m.memberId}`,
            kind: 'profit',
            memberId: m.memberId,
            lines: [
              { accountId: m.accounts.profit, amount: 3_500n },
              { accountId: house.profitExpense, amount: -3_500n },
            ],
            now,
          }),
        ),
      ),
    );
    expect(rejected(results)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(10_000);
    const houseRow = await database.db.execute(
      sql`select balance::text from accounts where id = ${house.profitExpense}`,
    );
    expect((houseRow as unknown as { rows: { balance: string }[] }).rows[0]?.balance).toBe('0');
    await expectReconciled(database.db);
  });
});
