import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { expectReconciled, insertLedgerTestMember } from '../testing/ledger-assertions.ts';
import { getHouseAccountIds, getMemberBalances, type HouseAccountIds } from './index.ts';

// ledger_post_credits (migration 0014): many credits from house accounts in one call, as the
// settlement posts a batch of incomes. Each is its own balanced transfer; a member posting's
// balance_after follows the lines' order, also when one account is credited twice.

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
