import { z } from 'zod';
import { dayRangeShape, isOrderedRange, pageOf, pageQuery, reversedRange } from './envelope.ts';
import { INCOME_KINDS, incomeKindLabels, teamIncomeTotals } from './income.ts';
import { patternMessage } from './messages.ts';

// Wallets and the ledger statement (auth/wallet, auth/wallet-summary,
// auth/transaction-hist). Amounts leave the server as dollars (JSON numbers); the CSV export
// carries them as exact decimal text instead.

export const STATEMENT_WALLETS = ['fund', 'profit', 'compounding'] as const;
export type StatementWallet = (typeof STATEMENT_WALLETS)[number];

/** Transfer kinds a member's statement can show: every kind of transfer that reaches a wallet. */
export const STATEMENT_KINDS = [
  'deposit',
  'withdrawal',
  'adjustment',
  'package-purchase',
  'trade-income',
  'compounding-move',
  'compounding-income',
  ...INCOME_KINDS,
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const walletLabels: Record<StatementWallet, string> = {
  fund: 'Fund',
  profit: 'Profit',
  compounding: 'Compounding',
};

export const statementKindLabels: Record<StatementKind, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  adjustment: 'Adjustment',
  'package-purchase': 'Package purchase',
  'trade-income': 'Daily profit',
  'compounding-move': 'Moved to compounding',
  'compounding-income': 'Compounding income',
  ...incomeKindLabels,
};

const walletFigures = z.object({
  /** What can be spent or withdrawn now: total minus held. */
  available: z.number(),
  /** Reserved by pending withdrawals. */
  held: z.number(),
  total: z.number(),
});
export type WalletFigures = z.infer<typeof walletFigures>;

/** GET auth/wallet */
export const walletsData = z.object({
  fund: walletFigures,
  profit: walletFigures,
  compounding: walletFigures,
});
export type WalletsData = z.infer<typeof walletsData>;

/** GET auth/wallet-summary: lifetime totals in dollars. */
export const walletSummaryData = z.object({
  deposited: z.number(),
  invested: z.number(),
  withdrawn: z.number(),
  /** The packages still earning today and what they were bought for. */
  active: z.object({ packages: z.number(), amount: z.number() }),
  /** Income credited by kind: trade (claimed daily profit), compounding and the team incomes. */
  income: z.object({ trade: z.number(), compounding: z.number(), ...teamIncomeTotals }),
});
export type WalletSummaryData = z.infer<typeof walletSummaryData>;

/** One posting on one of the member's wallets. */
export const statementLine = z.object({
  /** The posting id. */
  id: z.string(),
  createdAt: z.string(),
  wallet: z.enum(STATEMENT_WALLETS),
  kind: z.string(),
  /** Signed: a credit is positive, a debit negative. */
  amount: z.number(),
  /** The wallet's balance right after this line. */
  balanceAfter: z.number(),
  reference: z.string(),
  description: z.string(),
});
export type StatementLine = z.infer<typeof statementLine>;
export const statementPageData = pageOf(statementLine);
export type StatementPage = z.infer<typeof statementPageData>;

const filterShape = {
  wallet: z.enum(STATEMENT_WALLETS, { error: patternMessage('wallet') }).optional(),
  kind: z.enum(STATEMENT_KINDS, { error: patternMessage('kind') }).optional(),
  ...dayRangeShape,
};

/** Filters of the statement and its CSV export; from and to are UTC days, both included. */
export const statementFilter = z.object(filterShape).refine(isOrderedRange, reversedRange);
export type StatementFilter = z.infer<typeof statementFilter>;

/** The statement page: paging plus the same filters. */
export const statementQuery = z
  .object({ ...pageQuery.shape, ...filterShape })
  .refine(isOrderedRange, reversedRange);
export type StatementQuery = z.infer<typeof statementQuery>;

/** Rows of one CSV export at most; the newest are kept. */
export const STATEMENT_CSV_MAX_ROWS = 10_000;

// ---- earnings chart (GET auth/user-earner) -------------------------------------------------

/** The longest range one chart request may cover. */
export const USER_EARNER_MAX_DAYS = 366;
/** The range when none is given: the last 30 business days, today included. */
export const USER_EARNER_DEFAULT_DAYS = 30;

/** from and to are business days (the plan's time zone), both included. */
export const userEarnerQuery = z.object(dayRangeShape).refine(isOrderedRange, reversedRange);
export type UserEarnerQuery = z.infer<typeof userEarnerQuery>;

export const userEarnerDay = z.object({
  day: z.string(),
  total: z.number(),
  /** Income by transfer kind, e.g. `trade-income`, `compounding-income`; kinds earning 0 are absent. */
  byKind: z.record(z.string(), z.number()),
});
export type UserEarnerDay = z.infer<typeof userEarnerDay>;

/** Every day of the range (zeros included, ready to chart) and the range's totals. */
export const userEarnerData = z.object({
  from: z.string(),
  to: z.string(),
  /** The income kinds present in the range, alphabetically. */
  kinds: z.array(z.string()),
  days: z.array(userEarnerDay),
  totals: z.record(z.string(), z.number()),
  total: z.number(),
});
export type UserEarnerData = z.infer<typeof userEarnerData>;
