import { z } from 'zod';
import { dayRangeShape, isOrderedRange, pageOf, pageQuery, reversedRange } from './envelope.ts';
import { MICROS_PER_DOLLAR } from './money.ts';
import { moneyAmount } from './packages.ts';

// The compounding wallet: members move profit into it, and it earns
// a daily rate credited into itself as compounding income. Amounts leave the server as dollars
// (JSON numbers); rates as percentages (0.1 means 0.10 % a business day).

export const compoundingLabels = { amount: 'Amount' } as const;

/** The smallest move from the profit wallet into compounding: $10. */
export const COMPOUNDING_MIN_MOVE_MICROS = 10n * MICROS_PER_DOLLAR;

/**
 * The plan's default compounding rate in the project's rate units (1e-4 %, see `applyRate`):
 * 0.10 % of the compounding balance per business day. The plan setting `compoundingDailyRate`
 * may change it.
 */
export const COMPOUNDING_DEFAULT_DAILY_RATE = 1_000;

/** POST compounding/move: dollars from the profit wallet's available balance. */
export const compoundingMoveBody = z.object({ amount: moneyAmount(compoundingLabels.amount) });
export type CompoundingMoveBody = z.input<typeof compoundingMoveBody>;

/** What POST compounding/move answers: the move and both wallets' available balances after it. */
export const compoundingMoveData = z.object({
  /** The ledger transfer id. */
  id: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  profitAvailable: z.number(),
  compoundingAvailable: z.number(),
});
export type CompoundingMoveData = z.infer<typeof compoundingMoveData>;

/** One business day's compounding income, in the common income-record shape. */
export const compoundingIncomeRecord = z.object({
  id: z.string(),
  kind: z.literal('compounding'),
  amount: z.number(),
  createdAt: z.string(),
  sourceMember: z.null(),
  level: z.null(),
  packageId: z.null(),
  /** The business day the income is for (YYYY-MM-DD). */
  period: z.string(),
  planVersion: z.number(),
  /** The compounding balance the rate was applied to. */
  baseAmount: z.number(),
  /** Percent of the base paid for the day, e.g. 0.1. */
  rate: z.number(),
});
export type CompoundingIncomeRecord = z.infer<typeof compoundingIncomeRecord>;
/** Sum of every record the filter matches, not only this page. */
export const compoundingIncomePageData = pageOf(compoundingIncomeRecord).extend({
  totalAmount: z.number(),
});
export type CompoundingIncomePage = z.infer<typeof compoundingIncomePageData>;

/** Paging plus an optional range of income business days, both ends included. */
export const compoundingIncomeQuery = pageQuery
  .extend(dayRangeShape)
  .refine(isOrderedRange, reversedRange);
export type CompoundingIncomeQuery = z.infer<typeof compoundingIncomeQuery>;

/** GET compounding/summary: the wallet and its lifetime totals in dollars. */
export const compoundingSummaryData = z.object({
  /** Available compounding balance (total minus held by pending withdrawals). */
  available: z.number(),
  held: z.number(),
  total: z.number(),
  /** Everything moved in from the profit wallet. */
  movedIn: z.number(),
  /** Every compounding income credited. */
  incomeTotal: z.number(),
  /** The current daily rate as a percentage, e.g. 0.1. */
  dailyPercentage: z.number(),
});
export type CompoundingSummaryData = z.infer<typeof compoundingSummaryData>;

/** POST operator/jobs/compounding/run: the business days this run completed. */
export const compoundingRunData = z.object({
  days: z.array(z.object({ day: z.string(), members: z.number(), amount: z.number() })),
});
export type CompoundingRunData = z.infer<typeof compoundingRunData>;
