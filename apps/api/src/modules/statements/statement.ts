import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  microsToDollars,
  statementKindLabels,
  type StatementFilter,
  type StatementKind,
  type StatementLine,
  type StatementPage,
  type StatementQuery,
  type StatementWallet,
  type WalletSummaryData,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { accounts, postings, transfers } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';

// Reads only: the member's statement is their own accounts' postings, joined to the transfer
// that made each one. Nothing here writes a ledger table.

/** A statement line with its amounts still in micro-dollars (the CSV needs them exact). */
export type StatementRow = Omit<StatementLine, 'amount' | 'balanceAfter'> & {
  amountMicros: bigint;
  balanceAfterMicros: bigint;
};

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

function whereOf(memberId: string, filter: StatementFilter) {
  return and(
    eq(accounts.memberId, memberId),
    filter.wallet ? eq(accounts.kind, filter.wallet) : undefined,
    filter.kind ? eq(transfers.kind, filter.kind) : undefined,
    filter.from ? gte(postings.createdAt, startOfDay(filter.from)) : undefined,
    // `to` is included: everything before the next day's midnight (UTC).
    filter.to
      ? lt(postings.createdAt, new Date(startOfDay(filter.to).getTime() + DAY_MS))
      : undefined,
  );
}

const lineColumns = {
  id: postings.id,
  createdAt: postings.createdAt,
  wallet: accounts.kind,
  kind: transfers.kind,
  amount: postings.amount,
  balanceAfter: postings.balanceAfter,
  reference: transfers.reference,
  metadata: transfers.metadata,
};

type RawLine = {
  id: bigint;
  createdAt: Date;
  wallet: string;
  kind: string;
  amount: bigint;
  balanceAfter: bigint | null;
  reference: string;
  metadata: unknown;
};

/** The member's lines matching the filter, newest first (posting id descending). */
export async function readStatementRows(
  db: Executor,
  memberId: string,
  filter: StatementFilter,
  limit: number,
  offset = 0,
): Promise<StatementRow[]> {
  const rows: RawLine[] = await db
    .select(lineColumns)
    .from(postings)
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .innerJoin(transfers, eq(transfers.id, postings.transferId))
    .where(whereOf(memberId, filter))
    .orderBy(desc(postings.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toRow);
}

export async function countStatementRows(
  db: Executor,
  memberId: string,
  filter: StatementFilter,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(postings)
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .innerJoin(transfers, eq(transfers.id, postings.transferId))
    .where(whereOf(memberId, filter));
  return row?.total ?? 0;
}

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

function toRow(row: RawLine): StatementRow {
  return {
    id: row.id.toString(),
    createdAt: row.createdAt.toISOString(),
    wallet: row.wallet as StatementWallet,
    kind: row.kind,
    amountMicros: row.amount,
    // Member postings always carry it; a null could only be a house posting, never selected here.
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
    default:
      return statementKindLabels[kind as StatementKind] ?? kind.replace(/[-_:]+/g, ' ');
  }
}

/**
 * GET auth/wallet-summary from one grouped read of the member's postings:
 * - deposited: credits to fund by `deposit` transfers;
 * - invested: debits of fund by `package-purchase` transfers;
 * - withdrawn: debits of any wallet by `withdrawal` transfers;
 * - income.trade: credits to profit or compounding by `trade-income` (claimed daily profit);
 * - income.compounding: credits to compounding by `compounding-income`.
 * Moves from profit to compounding are the member's own money changing wallets, not income.
 * Adjustments are corrections, neither deposits nor income, and count in none of them.
 */
export async function walletSummary(db: Executor, memberId: string): Promise<WalletSummaryData> {
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
  const sum = (match: (row: (typeof rows)[number]) => boolean, side: 'credits' | 'debits') =>
    microsToDollars(rows.filter(match).reduce((total, row) => total + BigInt(row[side]), 0n));
  return {
    deposited: sum((row) => row.kind === 'deposit' && row.wallet === 'fund', 'credits'),
    invested: sum((row) => row.kind === 'package-purchase' && row.wallet === 'fund', 'debits'),
    withdrawn: sum((row) => row.kind === 'withdrawal', 'debits'),
    income: {
      trade: sum(
        (row) =>
          row.kind === 'trade-income' && (row.wallet === 'profit' || row.wallet === 'compounding'),
        'credits',
      ),
      compounding: sum(
        (row) => row.kind === 'compounding-income' && row.wallet === 'compounding',
        'credits',
      ),
    },
  };
}
