import {
  microsToDollars,
  statementKindLabels,
  type StatementFilter,
  type StatementKind,
  type StatementLine,
  type StatementPage,
  type StatementQuery,
  type WalletsData,
} from '@app/contracts';
import { and, count, eq, gt, sum as sumOf } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { memberPackages } from '../db/schema/packages.ts';
import { utcDayRange } from '../lib/clock.ts';
import {
  countMemberPostings,
  listMemberPostings,
  type MemberBalances,
  type MemberPosting,
  type PostingFilter,
  type WalletBalance,
} from '../ledger/index.ts';

// Reads only: a member's statement is their own accounts' postings, joined to the transfer that
// made each one, read through the ledger. The member's own statement and the operator's view of
// a member both read it here.

/** A statement line with its amounts still in micro-dollars (the CSV needs them exact). */
export type StatementRow = Omit<StatementLine, 'amount' | 'balanceAfter'> & {
  amountMicros: bigint;
  balanceAfterMicros: bigint;
};

/** The filter's days (UTC) as instants; `to` is included: everything before the next midnight. */
const postingFilter = (filter: StatementFilter): PostingFilter => ({
  wallet: filter.wallet,
  kind: filter.kind,
  ...utcDayRange(filter),
});

/** The member's lines matching the filter, newest first (posting id descending). */
export async function readStatementRows(
  db: Executor,
  memberId: string,
  filter: StatementFilter,
  limit: number,
  offset = 0,
): Promise<StatementRow[]> {
  const rows = await listMemberPostings(db, memberId, postingFilter(filter), limit, offset);
  return rows.map(toRow);
}

export const countStatementRows = (db: Executor, memberId: string, filter: StatementFilter) =>
  countMemberPostings(db, memberId, postingFilter(filter));

/** GET auth/transaction-hist */
export async function listStatement(
  db: Executor,
  memberId: string,
  query: StatementQuery,
): Promise<StatementPage> {
  const { page, pageSize, ...filter } = query;
  const [rows, total] = await Promise.all([
    readStatementRows(db, memberId, filter, pageSize, (page - 1) * pageSize),
    countStatementRows(db, memberId, filter),
  ]);
  return {
    data: rows.map(({ amountMicros, balanceAfterMicros, ...line }) => ({
      ...line,
      amount: microsToDollars(amountMicros),
      balanceAfter: microsToDollars(balanceAfterMicros),
    })),
    page,
    pageSize,
    total,
  };
}

function toRow(row: MemberPosting): StatementRow {
  return {
    id: row.id.toString(),
    createdAt: row.createdAt.toISOString(),
    wallet: row.wallet,
    kind: row.kind,
    amountMicros: row.amount,
    balanceAfterMicros: row.balanceAfter ?? 0n,
    reference: row.reference,
    description: describe(row.kind, row.metadata),
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Human text of a line from its transfer's kind and metadata. */
export function describe(kind: string, metadata: unknown): string {
  const meta = (metadata && typeof metadata === 'object' ? metadata : {}) as Record<
    string,
    unknown
  >;
  switch (kind) {
    case 'package-purchase': {
      const name = text(meta.packageName);
      return name ? `Package ${name} bought` : 'Package bought';
    }
    case 'trade-income':
      return 'Daily profit claimed';
    case 'adjustment': {
      const reason = text(meta.reason);
      return reason ? `${reason} (adjustment)` : 'Balance adjustment';
    }
    case 'deposit':
      return 'Deposit';
    case 'withdrawal':
      return 'Withdrawal';
    case 'referral-bonus':
    case 'team-level-bonus':
    case 'team-profit':
    case 'weekly-income':
    case 'monthly-income':
    case 'reward': {
      // The settlement credits a member's incomes of one kind together: say how many.
      const count = typeof meta.incomes === 'number' ? meta.incomes : 1;
      return count > 1
        ? `${statementKindLabels[kind]} (${count} incomes)`
        : statementKindLabels[kind];
    }
    default:
      return statementKindLabels[kind as StatementKind] ?? kind.replace(/[-_:]+/g, ' ');
  }
}

/** The packages still earning at `now` (not yet ended) and the amount they were bought for. */
export async function activeInvestment(db: Executor, memberId: string, now: Date) {
  const [row] = await db
    .select({ packages: count(), amount: sumOf(memberPackages.amount) })
    .from(memberPackages)
    .where(and(eq(memberPackages.memberId, memberId), gt(memberPackages.endsAt, now)));
  return { packages: row?.packages ?? 0, amount: microsToDollars(BigInt(row?.amount ?? 0)) };
}

const walletFigures = (wallet: WalletBalance) => ({
  available: microsToDollars(wallet.available),
  held: microsToDollars(wallet.held),
  total: microsToDollars(wallet.balance),
});

/** The three wallets in dollars: available, held and total (GET auth/wallet and the console). */
export const walletsView = (balances: MemberBalances): WalletsData => ({
  fund: walletFigures(balances.fund),
  profit: walletFigures(balances.profit),
  compounding: walletFigures(balances.compounding),
});
