import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

// Reconciliation re-derives everything the ledger caches and compares. It is one SQL statement so
// that it reads one snapshot: run beside live traffic it never reports a transfer half-seen.
// It scans all postings; it is a report and a scheduled check, never on a request path.

export type AccountMismatch = { accountId: bigint; cached: bigint; sum: bigint };
export type UnbalancedTransfer = { transferId: bigint; postingCount: number; sum: bigint };
export type HeldMismatch = { accountId: bigint; held: bigint; pending: bigint };

export type Reconciliation = {
  ok: boolean;
  /** Member accounts whose cached balance differs from the sum of their postings. */
  mismatchedAccounts: AccountMismatch[];
  /** Sum of every posting ever written: 0n unless money was created or destroyed. */
  totalPostings: bigint;
  /** Transfers whose postings do not sum to zero or number fewer than two. */
  unbalancedTransfers: UnbalancedTransfer[];
  /** Accounts whose `held` differs from the sum of their pending holds. */
  heldMismatch: HeldMismatch[];
};

/** Each list is capped: a corrupt ledger should produce a readable report, not gigabytes. */
const LIST_LIMIT = 1000;

type Row = {
  total_postings: string;
  mismatched: { accountId: string; cached: string; sum: string }[];
  unbalanced: { transferId: string; postingCount: number; sum: string }[];
  held: { accountId: string; held: string; pending: string }[];
};

export async function reconcile(executor: Executor): Promise<Reconciliation> {
  // Amounts travel as text inside the JSON so bigints never pass through a JS number.
  const result = await executor.execute(sql`
    with account_sums as (
      select account_id, sum(amount) as total from postings group by account_id
    ), mismatched as (
      select a.id, a.balance, coalesce(s.total, 0) as total
      from accounts a left join account_sums s on s.account_id = a.id
      where a.member_id is not null and a.balance <> coalesce(s.total, 0)
      order by a.id limit ${LIST_LIMIT}
    ), unbalanced as (
      select t.id, count(p.id) as n, coalesce(sum(p.amount), 0) as total
      from transfers t left join postings p on p.transfer_id = t.id
      group by t.id
      having count(p.id) < 2 or coalesce(sum(p.amount), 0) <> 0
      order by t.id limit ${LIST_LIMIT}
    ), pending_sums as (
      select account_id, sum(amount) as total from holds where status = 'pending' group by account_id
    ), held_mismatch as (
      select a.id, a.held, coalesce(h.total, 0) as total
      from accounts a left join pending_sums h on h.account_id = a.id
      where a.held <> coalesce(h.total, 0)
      order by a.id limit ${LIST_LIMIT}
    )
    select
      (select coalesce(sum(amount), 0)::text from postings) as total_postings,
      (select coalesce(json_agg(json_build_object(
          'accountId', id::text, 'cached', balance::text, 'sum', total::text) order by id), '[]'::json)
        from mismatched) as mismatched,
      (select coalesce(json_agg(json_build_object(
          'transferId', id::text, 'postingCount', n, 'sum', total::text) order by id), '[]'::json)
        from unbalanced) as unbalanced,
      (select coalesce(json_agg(json_build_object(
          'accountId', id::text, 'held', held::text, 'pending', total::text) order by id), '[]'::json)
        from held_mismatch) as held
  `);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) throw new Error('reconciliation query returned no row');
  const mismatchedAccounts = row.mismatched.map((m) => ({
    accountId: BigInt(m.accountId),
    cached: BigInt(m.cached),
    sum: BigInt(m.sum),
  }));
  const unbalancedTransfers = row.unbalanced.map((u) => ({
    transferId: BigInt(u.transferId),
    postingCount: Number(u.postingCount),
    sum: BigInt(u.sum),
  }));
  const heldMismatch = row.held.map((h) => ({
    accountId: BigInt(h.accountId),
    held: BigInt(h.held),
    pending: BigInt(h.pending),
  }));
  const totalPostings = BigInt(row.total_postings);
  return {
    ok:
      totalPostings === 0n &&
      mismatchedAccounts.length === 0 &&
      unbalancedTransfers.length === 0 &&
      heldMismatch.length === 0,
    mismatchedAccounts,
    totalPostings,
    unbalancedTransfers,
    heldMismatch,
  };
}

/** Derived balances of the house accounts by code (sum of postings), for reports. */
export async function getHouseBalances(executor: Executor): Promise<Map<string, bigint>> {
  const result = await executor.execute(sql`
    select a.kind, coalesce(sum(p.amount), 0)::text as total
    from accounts a left join postings p on p.account_id = a.id
    where a.member_id is null
    group by a.kind
  `);
  const rows = (result as unknown as { rows: { kind: string; total: string }[] }).rows;
  return new Map(rows.map((row) => [row.kind, BigInt(row.total)]));
}

export type WalletTotals = {
  /** Member accounts by wallet kind: summed cached balance and held, and how many accounts. */
  members: Map<string, { balance: bigint; held: bigint; accounts: number }>;
  /** House accounts by code: the sum of their postings. */
  house: Map<string, bigint>;
  transfers: number;
};

/** The books in totals, for the operator's reports: every wallet kind summed and the house accounts. */
export async function readWalletTotals(executor: Executor): Promise<WalletTotals> {
  const [members, house, count] = await Promise.all([
    executor.execute(sql`
      select kind, coalesce(sum(balance), 0)::text as balance, coalesce(sum(held), 0)::text as held,
        count(*)::int as accounts
      from accounts where member_id is not null group by kind`),
    getHouseBalances(executor),
    executor.execute(sql`select count(*)::int as transfers from transfers`),
  ]);
  const rows = (
    members as unknown as {
      rows: { kind: string; balance: string; held: string; accounts: number }[];
    }
  ).rows;
  const [counted] = (count as unknown as { rows: { transfers: number }[] }).rows;
  return {
    members: new Map(
      rows.map((row) => [
        row.kind,
        { balance: BigInt(row.balance), held: BigInt(row.held), accounts: row.accounts },
      ]),
    ),
    house,
    transfers: counted?.transfers ?? 0,
  };
}
