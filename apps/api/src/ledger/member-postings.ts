import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { accounts, postings, transfers } from '../db/schema/ledger.ts';
import type { Wallet } from './accounts.ts';

// Reads of a member's postings, for the statement, the wallet totals and the compounding
// summary. Modules never query ledger tables: they call these and get plain rows back.

/** Which of the member's postings: one wallet, one transfer kind, `from` ≤ created < `before`. */
export type PostingFilter = { wallet?: Wallet; kind?: string; from?: Date; before?: Date };

/** One posting of a member's wallet with the transfer that made it. */
export type MemberPosting = {
  id: bigint;
  createdAt: Date;
  wallet: Wallet;
  kind: string;
  amount: bigint;
  /** Member postings always carry it; null only on house accounts, never read here. */
  balanceAfter: bigint | null;
  reference: string;
  metadata: unknown;
};

function whereOf(memberId: string, filter: PostingFilter) {
  return and(
    eq(accounts.memberId, memberId),
    filter.wallet ? eq(accounts.kind, filter.wallet) : undefined,
    filter.kind ? eq(transfers.kind, filter.kind) : undefined,
    filter.from ? gte(postings.createdAt, filter.from) : undefined,
    filter.before ? lt(postings.createdAt, filter.before) : undefined,
  );
}

const postingColumns = {
  id: postings.id,
  createdAt: postings.createdAt,
  wallet: accounts.kind,
  kind: transfers.kind,
  amount: postings.amount,
  balanceAfter: postings.balanceAfter,
  reference: transfers.reference,
  metadata: transfers.metadata,
};

/** The member's postings matching the filter, newest first (posting id descending). */
export async function listMemberPostings(
  db: Executor,
  memberId: string,
  filter: PostingFilter,
  limit: number,
  offset = 0,
): Promise<MemberPosting[]> {
  const rows = await db
    .select(postingColumns)
    .from(postings)
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .innerJoin(transfers, eq(transfers.id, postings.transferId))
    .where(whereOf(memberId, filter))
    .orderBy(desc(postings.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row, wallet: row.wallet as Wallet }));
}

export async function countMemberPostings(
  db: Executor,
  memberId: string,
  filter: PostingFilter,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(postings)
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .innerJoin(transfers, eq(transfers.id, postings.transferId))
    .where(whereOf(memberId, filter));
  return row?.total ?? 0;
}

/** What moved through one wallet by one kind of transfer, in micro-dollars (debits positive). */
export type PostingTotals = { kind: string; wallet: Wallet; credits: bigint; debits: bigint };

/** The member's credits and debits per transfer kind and wallet, in one grouped read. */
export async function sumMemberPostings(db: Executor, memberId: string): Promise<PostingTotals[]> {
  const rows = await db
    .select({
      kind: transfers.kind,
      wallet: accounts.kind,
      credits: sql<string>`coalesce(sum(${postings.amount}) filter (where ${postings.amount} > 0), 0)::text`,
      debits: sql<string>`coalesce(-sum(${postings.amount}) filter (where ${postings.amount} < 0), 0)::text`,
    })
    .from(postings)
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .innerJoin(transfers, eq(transfers.id, postings.transferId))
    .where(eq(accounts.memberId, memberId))
    .groupBy(transfers.kind, accounts.kind);
  return rows.map((row) => ({
    kind: row.kind,
    wallet: row.wallet as Wallet,
    credits: BigInt(row.credits),
    debits: BigInt(row.debits),
  }));
}
