import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client.ts';
import { postings, transfers } from '../db/schema/ledger.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import {
  expectReconciled,
  insertFundedLedgerMember,
  insertLedgerTestMember,
} from '../testing/ledger-assertions.ts';
import {
  adjustMemberBalance,
  ensureHouseAccounts,
  getHouseAccountIds,
  getHouseBalances,
  getMemberBalances,
  HOUSE_ACCOUNT_CODES,
  type HouseAccountIds,
  InsufficientFundsError,
  InvalidTransferError,
  openMemberAccounts,
  postTransfer,
  ReferenceConflictError,
  UnknownAccountError,
  withTransaction,
} from './index.ts';

const now = new Date('2025-03-01T10:00:00Z');
let database: Database;
let house: HouseAccountIds;

beforeAll(async () => {
  database = await createPgliteTestDatabase();
  house = await getHouseAccountIds(database.db);
});
afterAll(async () => {
  await expectReconciled(database.db);
  await database.close();
});

const fundedMember = (amount: bigint) => insertFundedLedgerMember(database.db, amount, now);

async function countTransfers(reference: string) {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(transfers)
    .where(eq(transfers.reference, reference));
  return row?.n ?? 0;
}

describe('accounts', () => {
  it('seeds every house account in the migration and ensureHouseAccounts is idempotent', async () => {
    const again = await ensureHouseAccounts(database.db, now);
    expect(again).toEqual(house);
    expect(Object.keys(house)).toHaveLength(HOUSE_ACCOUNT_CODES.length);
  });

  it('opens the three member accounts once, however often asked', async () => {
    const { memberId, accounts } = await insertLedgerTestMember(database.db, now);
    expect(await openMemberAccounts(database.db, memberId, now)).toEqual(accounts);
    expect(new Set(Object.values(accounts)).size).toBe(3);
    expect(await getMemberBalances(database.db, memberId)).toEqual({
      fund: { balance: 0n, held: 0n, available: 0n },
      profit: { balance: 0n, held: 0n, available: 0n },
      compounding: { balance: 0n, held: 0n, available: 0n },
    });
  });
});

describe('postTransfer', () => {
  it('moves money, records balance_after for member accounts only, and keeps house rows untouched', async () => {
    const { memberId, accounts } = await fundedMember(5_000_000n);
    const result = await postTransfer(database.db, {
      reference: `buy:${memberId}`,
      kind: 'package-purchase',
      memberId,
      metadata: { package: 'starter' },
      lines: [
        { accountId: house.packagePrincipal, amount: 3_000_000n },
        { accountId: accounts.fund, amount: -3_000_000n },
      ],
      now,
    });
    expect(result.status).toBe('posted');
    if (result.status !== 'posted') return;
    const written = await database.db
      .select({
        accountId: postings.accountId,
        amount: postings.amount,
        balanceAfter: postings.balanceAfter,
      })
      .from(postings)
      .where(eq(postings.transferId, result.transferId));
    expect(written).toHaveLength(2);
    expect(written.find((p) => p.accountId === accounts.fund)?.balanceAfter).toBe(2_000_000n);
    expect(written.find((p) => p.accountId === house.packagePrincipal)?.balanceAfter).toBeNull();
    expect((await getMemberBalances(database.db, memberId)).fund).toEqual({
      balance: 2_000_000n,
      held: 0n,
      available: 2_000_000n,
    });
    const houseRows = await database.db.execute(
      sql`select count(*)::int as n from accounts where member_id is null and (balance <> 0 or held <> 0)`,
    );
    expect((houseRows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect(
      (await getHouseBalances(database.db)).get('house:package-principal'),
    ).toBeGreaterThanOrEqual(3_000_000n);
    await expectReconciled(database.db);
  });

  it.each([
    ['unbalanced lines', [5n, -4n]],
    ['a zero amount', [0n, 0n]],
    ['a single line', [1n]],
  ])('refuses %s before touching the database', async (_label, amounts) => {
    const { accounts } = await insertLedgerTestMember(database.db, now);
    const reference = `invalid:${accounts.fund}`;
    const ids = [accounts.fund, house.deposits];
    await expect(
      postTransfer(database.db, {
        reference,
        kind: 'test',
        lines: amounts.map((amount, i) => ({ accountId: ids[i] ?? house.adjustments, amount })),
        now,
      }),
    ).rejects.toBeInstanceOf(InvalidTransferError);
    expect(await countTransfers(reference)).toBe(0);
  });

  it('refuses the same account twice and numbers instead of bigints', async () => {
    const { accounts } = await insertLedgerTestMember(database.db, now);
    const base = { reference: 'dup-account', kind: 'test', now };
    await expect(
      postTransfer(database.db, {
        ...base,
        lines: [
          { accountId: accounts.fund, amount: 1n },
          { accountId: accounts.fund, amount: -1n },
        ],
      }),
    ).rejects.toBeInstanceOf(InvalidTransferError);
    await expect(
      postTransfer(database.db, {
        ...base,
        lines: [
          { accountId: accounts.fund, amount: 1 as unknown as bigint },
          { accountId: house.deposits, amount: -1 as unknown as bigint },
        ],
      }),
    ).rejects.toBeInstanceOf(InvalidTransferError);
  });

  it('refuses an overdraft with InsufficientFundsError and writes nothing', async () => {
    const { memberId, accounts } = await fundedMember(1_000_000n);
    const reference = `overdraft:${memberId}`;
    const error = await withTransaction(database.db, (tx) =>
      postTransfer(tx, {
        reference,
        kind: 'withdrawal',
        lines: [
          { accountId: accounts.fund, amount: -1_000_001n },
          { accountId: house.withdrawals, amount: 1_000_001n },
        ],
        now,
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(error).toMatchObject({
      accountId: accounts.fund,
      requested: 1_000_001n,
      available: 1_000_000n,
    });
    expect(await countTransfers(reference)).toBe(0);
    expect((await getMemberBalances(database.db, memberId)).fund.balance).toBe(1_000_000n);
    await expectReconciled(database.db);
  });

  it('rolls back every line when a later line overdraws (credit applied first is undone)', async () => {
    const a = await fundedMember(100n);
    const b = await insertLedgerTestMember(database.db, now);
    // b's account is opened after a's, so b has the higher id: a is credited first, then b fails.
    await expect(
      postTransfer(database.db, {
        reference: `pair:${a.memberId}`,
        kind: 'transfer',
        lines: [
          { accountId: b.accounts.fund, amount: -50n },
          { accountId: a.accounts.fund, amount: 50n },
        ],
        now,
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await getMemberBalances(database.db, a.memberId)).fund.balance).toBe(100n);
    await expectReconciled(database.db);
  });

  it('returns duplicate for a replayed reference and applies nothing the second time', async () => {
    const { memberId, accounts } = await fundedMember(10n);
    const input = {
      reference: `claim:${memberId}:1`,
      kind: 'profit',
      memberId,
      lines: [
        { accountId: accounts.profit, amount: 7n },
        { accountId: house.profitExpense, amount: -7n },
      ],
      now,
    };
    const first = await postTransfer(database.db, input);
    const second = await postTransfer(database.db, input);
    expect(first.status).toBe('posted');
    expect(second).toEqual({ status: 'duplicate', transferId: first.transferId });
    // The same lines in another order, asked later, with other metadata: still the same transfer.
    const later = await postTransfer(database.db, {
      ...input,
      lines: [...input.lines].reverse(),
      metadata: { retried: true },
      now: new Date(now.getTime() + 60_000),
    });
    expect(later).toEqual({ status: 'duplicate', transferId: first.transferId });
    expect((await getMemberBalances(database.db, memberId)).profit.balance).toBe(7n);
    await expectReconciled(database.db);
  });

  it('refuses a replayed reference that asks for other lines, another kind or member', async () => {
    const { memberId, accounts } = await fundedMember(10n);
    const other = await fundedMember(10n);
    const input = {
      reference: `claim:${memberId}:2`,
      kind: 'profit',
      memberId,
      lines: [
        { accountId: accounts.profit, amount: 7n },
        { accountId: house.profitExpense, amount: -7n },
      ],
      now,
    };
    await postTransfer(database.db, input);
    const variants = [
      {
        lines: [
          { accountId: accounts.profit, amount: 9n },
          { accountId: house.profitExpense, amount: -9n },
        ],
      },
      {
        lines: [
          { accountId: accounts.fund, amount: 7n },
          { accountId: house.profitExpense, amount: -7n },
        ],
      },
      {
        lines: [
          { accountId: accounts.profit, amount: 7n },
          { accountId: house.commissionExpense, amount: -7n },
        ],
      },
      { kind: 'trade-income' },
      { memberId: other.memberId },
      { memberId: null },
    ];
    for (const variant of variants) {
      const replay = postTransfer(database.db, { ...input, ...variant });
      await expect(replay).rejects.toBeInstanceOf(ReferenceConflictError);
    }
    expect(await countTransfers(input.reference)).toBe(1);
    expect((await getMemberBalances(database.db, memberId)).profit.balance).toBe(7n);
    expect((await getMemberBalances(database.db, memberId)).fund.balance).toBe(10n);
    await expectReconciled(database.db);
  });

  it('refuses an unknown account', async () => {
    await expect(
      postTransfer(database.db, {
        reference: 'unknown-account',
        kind: 'test',
        lines: [
          { accountId: 999_999_999n, amount: 1n },
          { accountId: house.deposits, amount: -1n },
        ],
        now,
      }),
    ).rejects.toBeInstanceOf(UnknownAccountError);
    expect(await countTransfers('unknown-account')).toBe(0);
  });

  it('joins the caller transaction: a later failure in the use case undoes the transfer', async () => {
    const { memberId, accounts } = await fundedMember(50n);
    await expect(
      withTransaction(database.db, async (tx) => {
        await postTransfer(tx, {
          reference: `joined:${memberId}`,
          kind: 'test',
          lines: [
            { accountId: accounts.fund, amount: -50n },
            { accountId: accounts.compounding, amount: 50n },
          ],
          now,
        });
        throw new Error('use case failed after the transfer');
      }),
    ).rejects.toThrow('use case failed');
    expect(await countTransfers(`joined:${memberId}`)).toBe(0);
    expect((await getMemberBalances(database.db, memberId)).fund.balance).toBe(50n);
  });
});

describe('adjustMemberBalance', () => {
  it('credits and debits a wallet against house:adjustments, never below zero', async () => {
    const { memberId } = await insertLedgerTestMember(database.db, now);
    const base = { memberId, wallet: 'profit' as const, reason: 'demo seed', now };
    const credit = await adjustMemberBalance(database.db, {
      ...base,
      amount: 25n,
      reference: `adj:${memberId}:1`,
    });
    expect(credit.status).toBe('posted');
    await adjustMemberBalance(database.db, {
      ...base,
      amount: -5n,
      reference: `adj:${memberId}:2`,
    });
    await expect(
      adjustMemberBalance(database.db, { ...base, amount: -21n, reference: `adj:${memberId}:3` }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(
      adjustMemberBalance(database.db, { ...base, amount: 0n, reference: `adj:${memberId}:4` }),
    ).rejects.toBeInstanceOf(InvalidTransferError);
    expect((await getMemberBalances(database.db, memberId)).profit.balance).toBe(20n);
    const [row] = await database.db
      .select()
      .from(transfers)
      .where(eq(transfers.reference, `adj:${memberId}:1`));
    expect(row).toMatchObject({
      kind: 'adjustment',
      memberId,
      metadata: { reason: 'demo seed', wallet: 'profit' },
    });
    await expectReconciled(database.db);
  });

  it('refuses a member without accounts', async () => {
    await expect(
      adjustMemberBalance(database.db, {
        memberId: '00000000-0000-4000-8000-000000000000',
        wallet: 'fund',
        amount: 1n,
        reference: 'adj:nobody',
        reason: 'x',
        now,
      }),
    ).rejects.toBeInstanceOf(UnknownAccountError);
  });
});

// ledger_post_credits (migration 0014): many credits from house accounts in one call, as the
// settlement posts a batch of incomes. Each is its own balanced transfer; a member posting's
// balance_after follows the lines' order, also when one account is credited twice.
type Credit = { reference: string; from: bigint; to: bigint; amount: bigint; memberId: string };

const postCredits = (credits: Credit[]) =>
  queryRows<{ line: number; transfer_id: string }>(
    database.db,
    sql`select line, transfer_id::text from ledger_post_credits(
      ${`{${credits.map((c) => `"${c.reference}"`).join(',')}}`}::text[],
      ${`{${credits.map(() => 'team-profit').join(',')}}`}::text[],
      ${`{${credits.map((c) => c.memberId).join(',')}}`}::uuid[],
      ${`{${credits.map(() => '"{}"').join(',')}}`}::jsonb[],
      ${`{${credits.map((c) => c.from).join(',')}}`}::bigint[],
      ${`{${credits.map((c) => c.to).join(',')}}`}::bigint[],
      ${`{${credits.map((c) => c.amount).join(',')}}`}::bigint[],
      ${now.toISOString()}::timestamptz)`,
  );

const postingsOf = (reference: string) =>
  queryRows<{ account_id: string; amount: string; balance_after: string | null }>(
    database.db,
    sql`select p.account_id::text, p.amount::text, p.balance_after::text
    from postings p join transfers t on t.id = p.transfer_id
    where t.reference = ${reference} order by p.amount`,
  );

describe('ledger_post_credits', () => {
  it('posts one balanced transfer per credit, balance_after in line order', async () => {
    const first = await insertLedgerTestMember(database.db, now);
    const second = await insertLedgerTestMember(database.db, now);
    const credit = (reference: string, member: typeof first, amount: bigint): Credit => ({
      reference,
      from: house.commissionExpense,
      to: member.accounts.profit,
      amount,
      memberId: member.memberId,
    });
    const lines = await postCredits([
      credit('credits:a', first, 5_000_000n),
      credit('credits:b', second, 7_000_000n),
      credit('credits:c', first, 1_000_000n),
    ]);
    expect(lines.map((line) => line.line)).toEqual([1, 2, 3]);
    expect(new Set(lines.map((line) => line.transfer_id)).size).toBe(3);
    expect(await postingsOf('credits:a')).toEqual([
      { account_id: String(house.commissionExpense), amount: '-5000000', balance_after: null },
      { account_id: String(first.accounts.profit), amount: '5000000', balance_after: '5000000' },
    ]);
    expect((await postingsOf('credits:c'))[1]?.balance_after).toBe('6000000');
    expect((await getMemberBalances(database.db, first.memberId)).profit.balance).toBe(6_000_000n);
    expect((await getMemberBalances(database.db, second.memberId)).profit.balance).toBe(7_000_000n);
  });

  it('refuses as a whole a reference posted before, a member paying, or a credit that is not positive', async () => {
    const member = await insertLedgerTestMember(database.db, now);
    const good: Credit = {
      reference: 'credits:once',
      from: house.rewardExpense,
      to: member.accounts.profit,
      amount: 1_000_000n,
      memberId: member.memberId,
    };
    await postCredits([good]);
    const refusals: Credit[][] = [
      [{ ...good, reference: 'credits:new' }, good],
      [{ ...good, reference: 'credits:from-member', from: member.accounts.fund }],
      [{ ...good, reference: 'credits:zero', amount: 0n }],
    ];
    for (const credits of refusals) {
      const refusal = await postCredits(credits).then(
        () => null,
        (error: Error) => error,
      );
      expect(String((refusal?.cause as Error | undefined)?.message)).toMatch(/^ledger: /);
    }
    expect(await postingsOf('credits:new')).toEqual([]);
    expect((await getMemberBalances(database.db, member.memberId)).profit.balance).toBe(1_000_000n);
  });
});
