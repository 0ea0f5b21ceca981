import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from '../db/client.ts';
import { accounts } from '../db/schema/ledger.ts';
import { UnknownAccountError } from './errors.ts';

/** A member's three accounts; `fund` is the app's "Primary Wallet". */
export const MEMBER_WALLETS = ['fund', 'profit', 'compounding'] as const;
export type Wallet = (typeof MEMBER_WALLETS)[number];

/**
 * The house's side of every transfer. These rows never carry a cached balance (a CHECK keeps
 * balance and held at 0): almost every transfer touches one of them, and updating a single row
 * per transfer would serialise all money movement of the platform behind that row's lock. Their
 * balance is the sum of their postings (getHouseBalances), read by reports, not by transfers.
 */
export const HOUSE_ACCOUNTS = {
  deposits: 'house:deposits',
  withdrawals: 'house:withdrawals',
  packagePrincipal: 'house:package-principal',
  profitExpense: 'house:profit-expense',
  commissionExpense: 'house:commission-expense',
  rewardExpense: 'house:reward-expense',
  feeRevenue: 'house:fee-revenue',
  adjustments: 'house:adjustments',
} as const;
export type HouseAccountName = keyof typeof HOUSE_ACCOUNTS;
export type HouseAccountCode = (typeof HOUSE_ACCOUNTS)[HouseAccountName];
export const HOUSE_ACCOUNT_CODES = Object.values(HOUSE_ACCOUNTS) as HouseAccountCode[];

export type MemberAccountIds = Record<Wallet, bigint>;
export type HouseAccountIds = Record<HouseAccountName, bigint>;

export type WalletBalance = { balance: bigint; held: bigint; available: bigint };
export type MemberBalances = Record<Wallet, WalletBalance>;

/**
 * Creates the member's fund, profit and compounding accounts; safe to call again. Through the
 * ledger's function, since the role requests run as may not insert accounts (decision 0030).
 */
export async function openMemberAccounts(
  executor: Executor,
  memberId: string,
  now: Date,
): Promise<MemberAccountIds> {
  const rows = await queryRows<{ kind: string; account_id: string }>(
    executor,
    sql`select kind, account_id::text from ledger_open_member_accounts(${memberId}::uuid, ${now.toISOString()}::timestamptz)`,
  );
  const ids: Partial<MemberAccountIds> = {};
  for (const row of rows) ids[row.kind as Wallet] = BigInt(row.account_id);
  if (!MEMBER_WALLETS.every((wallet) => ids[wallet] !== undefined)) {
    throw new UnknownAccountError(`accounts of member ${memberId} could not be opened`);
  }
  return ids as MemberAccountIds;
}

/** The member's account ids, or null when they were never opened. */
export async function getMemberAccountIds(
  executor: Executor,
  memberId: string,
): Promise<MemberAccountIds | null> {
  const rows = await executor
    .select({ id: accounts.id, kind: accounts.kind })
    .from(accounts)
    .where(eq(accounts.memberId, memberId));
  const ids: Partial<MemberAccountIds> = {};
  for (const row of rows) ids[row.kind as Wallet] = row.id;
  return MEMBER_WALLETS.every((wallet) => ids[wallet] !== undefined)
    ? (ids as MemberAccountIds)
    : null;
}

/**
 * Creates any missing house account (the migration already seeds today's set, so this matters
 * only for codes added later) and returns all their ids. Idempotent; call at startup or seed.
 */
export async function ensureHouseAccounts(executor: Executor, now: Date): Promise<HouseAccountIds> {
  await executor.execute(
    sql`select ledger_open_house_accounts(${`{${HOUSE_ACCOUNT_CODES.join(',')}}`}::text[], ${now.toISOString()}::timestamptz)`,
  );
  return getHouseAccountIds(executor);
}

/** Ids of the house accounts by name (HOUSE_ACCOUNTS keys): one indexed query of 8 rows. */
export async function getHouseAccountIds(executor: Executor): Promise<HouseAccountIds> {
  const rows = await executor
    .select({ id: accounts.id, kind: accounts.kind })
    .from(accounts)
    .where(and(isNull(accounts.memberId), inArray(accounts.kind, HOUSE_ACCOUNT_CODES)));
  const byCode = new Map(rows.map((row) => [row.kind, row.id]));
  const ids: Partial<HouseAccountIds> = {};
  for (const [name, code] of Object.entries(HOUSE_ACCOUNTS) as [HouseAccountName, string][]) {
    const id = byCode.get(code);
    if (id === undefined) throw new UnknownAccountError(`house account ${code} is missing`);
    ids[name] = id;
  }
  return ids as HouseAccountIds;
}

/**
 * Balances of a member's three wallets. On the hot path of GET wallet-balance: one query on the
 * (member_id, kind) unique index. A wallet that was never opened reads as zero.
 */
export async function getMemberBalances(
  executor: Executor,
  memberId: string,
): Promise<MemberBalances> {
  const rows = await executor
    .select({ kind: accounts.kind, balance: accounts.balance, held: accounts.held })
    .from(accounts)
    .where(eq(accounts.memberId, memberId));
  return toMemberBalances(rows);
}

/** Balances from account rows read elsewhere (e.g. joined to the session lookup); missing wallets read as zero. */
export function toMemberBalances(
  rows: ReadonlyArray<{ kind: string | null; balance: bigint | null; held: bigint | null }>,
): MemberBalances {
  const zero = (): WalletBalance => ({ balance: 0n, held: 0n, available: 0n });
  const balances: MemberBalances = { fund: zero(), profit: zero(), compounding: zero() };
  for (const row of rows) {
    if (!row.kind || !(MEMBER_WALLETS as readonly string[]).includes(row.kind)) continue;
    const balance = row.balance ?? 0n;
    const held = row.held ?? 0n;
    balances[row.kind as Wallet] = { balance, held, available: balance - held };
  }
  return balances;
}

export type LockedWallet = { memberId: string; accountId: bigint; available: bigint };

/**
 * Locks (FOR UPDATE) and returns up to `limit` member wallets of one kind whose available
 * balance is positive, in member id order, leaving out the members `skip` matches (an SQL
 * condition on the member id expression it is given). A batch job pays on the balances it read
 * without them changing underneath; a second instance waits, then finds the members the first
 * paid recorded (its own insert of the day's row then does nothing). The lock and the balance
 * after it come from ledger_lock_accounts: locking rows needs UPDATE rights on accounts, which
 * the role requests run as does not have (decision 0030).
 */
export async function lockWalletsWithAvailable(
  tx: Tx,
  input: { wallet: Wallet; limit: number; skip: (memberId: SQL) => SQL },
): Promise<LockedWallet[]> {
  const rows = await queryRows<{ member_id: string; account_id: string; available: string }>(
    tx,
    sql`
    select l.member_id, l.account_id::text, l.available::text
    from ledger_lock_accounts(array(
      select a.id from accounts a
      where a.kind = ${input.wallet} and a.member_id is not null and a.balance - a.held > 0
        and not (${input.skip(sql`a.member_id`)})
      order by a.member_id
      limit ${input.limit})) l
    where l.available > 0
    order by l.member_id`,
  );
  return rows.map((row) => ({
    memberId: row.member_id,
    accountId: BigInt(row.account_id),
    available: BigInt(row.available),
  }));
}
