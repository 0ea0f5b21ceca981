import { and, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { accounts, postings, transfers } from '../db/schema/ledger.ts';
import { members } from '../db/schema/members.ts';

// The operator's read of the whole ledger: transfers with their member and size, one transfer's
// postings, one account's postings. Read-only; amounts stay micro-dollars for the caller.

/** Which transfers: one member's, one kind, a reference prefix, from ≤ created < before. */
export type TransferFilter = {
  memberCode?: string | undefined;
  kind?: string | undefined;
  reference?: string | undefined;
  from?: Date | undefined;
  before?: Date | undefined;
};

export type ExploredTransfer = {
  id: bigint;
  createdAt: Date;
  kind: string;
  reference: string;
  memberCode: string | null;
  memberName: string | null;
  /** The sum of its credits: what moved. */
  amount: bigint;
  postingCount: number;
  metadata: unknown;
};

export type ExploredPosting = {
  id: bigint;
  transferId: bigint;
  createdAt: Date;
  /** The wallet kind for a member account, the house code otherwise. */
  account: string;
  memberCode: string | null;
  amount: bigint;
  balanceAfter: bigint | null;
  kind: string;
  reference: string;
};

function transferWhere(filter: TransferFilter): SQL | undefined {
  return and(
    filter.memberCode ? eq(members.referralCode, filter.memberCode) : undefined,
    filter.kind ? eq(transfers.kind, filter.kind) : undefined,
    filter.reference ? sql`starts_with(${transfers.reference}, ${filter.reference})` : undefined,
    filter.from ? gte(transfers.createdAt, filter.from) : undefined,
    filter.before ? lt(transfers.createdAt, filter.before) : undefined,
  );
}

const transferColumns = {
  id: transfers.id,
  createdAt: transfers.createdAt,
  kind: transfers.kind,
  reference: transfers.reference,
  memberCode: members.referralCode,
  memberName: members.name,
  metadata: transfers.metadata,
  // Per transfer, through postings_transfer_idx: a page reads only its own postings.
  amount: sql<string>`(select coalesce(sum(p.amount) filter (where p.amount > 0), 0)::text
    from postings p where p.transfer_id = ${transfers.id})`,
  postingCount: sql<number>`(select count(*)::int from postings p where p.transfer_id = ${transfers.id})`,
};

const toTransfer = (row: {
  id: bigint;
  createdAt: Date;
  kind: string;
  reference: string;
  memberCode: string | null;
  memberName: string | null;
  metadata: unknown;
  amount: string;
  postingCount: number;
}): ExploredTransfer => ({
  ...row,
  amount: BigInt(row.amount),
  postingCount: Number(row.postingCount),
});

/** Transfers matching the filter, newest first (id descending). */
export async function listTransfers(
  db: Executor,
  filter: TransferFilter,
  limit: number,
  offset = 0,
): Promise<ExploredTransfer[]> {
  const rows = await db
    .select(transferColumns)
    .from(transfers)
    .leftJoin(members, eq(members.id, transfers.memberId))
    .where(transferWhere(filter))
    .orderBy(desc(transfers.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toTransfer);
}

export async function countTransfers(db: Executor, filter: TransferFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(transfers)
    .leftJoin(members, eq(members.id, transfers.memberId))
    .where(transferWhere(filter));
  return row?.total ?? 0;
}

const postingColumns = {
  id: postings.id,
  transferId: postings.transferId,
  createdAt: postings.createdAt,
  account: accounts.kind,
  memberCode: members.referralCode,
  amount: postings.amount,
  balanceAfter: postings.balanceAfter,
  kind: transfers.kind,
  reference: transfers.reference,
};

/** One transfer with every posting it wrote (credits first), or null when there is none. */
export async function readTransfer(
  db: Executor,
  id: bigint,
): Promise<(ExploredTransfer & { postings: ExploredPosting[] }) | null> {
  const [row] = await db
    .select(transferColumns)
    .from(transfers)
    .leftJoin(members, eq(members.id, transfers.memberId))
    .where(eq(transfers.id, id));
  if (!row) return null;
  const lines = await db
    .select(postingColumns)
    .from(postings)
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .innerJoin(transfers, eq(transfers.id, postings.transferId))
    .leftJoin(members, eq(members.id, accounts.memberId))
    .where(eq(postings.transferId, id))
    .orderBy(desc(postings.amount), postings.id);
  return { ...toTransfer(row), postings: lines };
}

/** An account named by its house code, or by a member's Registered ID and wallet. */
export type AccountRef = { house: string } | { memberCode: string; wallet: string };

/** The account's id, or null when no such account exists. */
export async function findAccount(db: Executor, ref: AccountRef): Promise<bigint | null> {
  const [row] =
    'house' in ref
      ? await db
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(isNull(accounts.memberId), eq(accounts.kind, ref.house)))
      : await db
          .select({ id: accounts.id })
          .from(accounts)
          .innerJoin(members, eq(members.id, accounts.memberId))
          .where(and(eq(members.referralCode, ref.memberCode), eq(accounts.kind, ref.wallet)));
  return row?.id ?? null;
}

export type AccountPostingFilter = { from?: Date | undefined; before?: Date | undefined };

function accountWhere(accountId: bigint, filter: AccountPostingFilter): SQL | undefined {
  return and(
    eq(postings.accountId, accountId),
    filter.from ? gte(postings.createdAt, filter.from) : undefined,
    filter.before ? lt(postings.createdAt, filter.before) : undefined,
  );
}

/** One account's postings, newest first, through postings_account_idx. */
export async function listAccountPostings(
  db: Executor,
  accountId: bigint,
  filter: AccountPostingFilter,
  limit: number,
  offset = 0,
): Promise<ExploredPosting[]> {
  return db
    .select(postingColumns)
    .from(postings)
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .innerJoin(transfers, eq(transfers.id, postings.transferId))
    .leftJoin(members, eq(members.id, accounts.memberId))
    .where(accountWhere(accountId, filter))
    .orderBy(desc(postings.id))
    .limit(limit)
    .offset(offset);
}

export async function countAccountPostings(
  db: Executor,
  accountId: bigint,
  filter: AccountPostingFilter,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(postings)
    .where(accountWhere(accountId, filter));
  return row?.total ?? 0;
}
