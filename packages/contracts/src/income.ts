import { z } from 'zod';
import { dayRangeShape, isOrderedRange, pageOf, pageQuery, reversedRange } from './envelope.ts';
import { patternMessage } from './messages.ts';

// The incomes a member earns from the team and the plan's runs: referral bonus, team-level bonus
// and team profit (at the purchase or claim that causes them), weekly and monthly income (the
// scheduled runs) and rank rewards. Each is one record naming its cause; a commission the plan
// did not pay is a record too, with the reason, so the member can see why.

export const INCOME_KINDS = [
  'referral-bonus',
  'team-level-bonus',
  'team-profit',
  'weekly-income',
  'monthly-income',
  'reward',
] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

export const incomeKindLabels: Record<IncomeKind, string> = {
  'referral-bonus': 'Referral bonus',
  'team-level-bonus': 'Team-level bonus',
  'team-profit': 'Team profit',
  'weekly-income': 'Weekly income',
  'monthly-income': 'Monthly income',
  reward: 'Reward',
};

/** The team incomes by kind in dollars, keyed as totals name them (wallet summary, plan preview). */
export const teamIncomeTotals = {
  referralBonus: z.number(),
  teamLevelBonus: z.number(),
  teamProfit: z.number(),
  weeklyIncome: z.number(),
  monthlyIncome: z.number(),
  reward: z.number(),
};

/**
 * paid: credited to the profit wallet. pending: earned, being credited (seconds after its event).
 * not-paid: the plan did not pay it; `notPaidReason` says why.
 */
export const INCOME_STATUSES = ['paid', 'pending', 'not-paid'] as const;
export type IncomeStatus = (typeof INCOME_STATUSES)[number];

export const incomeStatusLabels: Record<IncomeStatus, string> = {
  paid: 'Paid',
  pending: 'Processing',
  'not-paid': 'Not paid',
};

/** Who caused an income: the member whose purchase or claim it came from. */
export const sourceMemberView = z.object({ name: z.string(), referral_code: z.string() });

export const incomeRecord = z.object({
  id: z.string(),
  kind: z.enum(INCOME_KINDS),
  status: z.enum(INCOME_STATUSES),
  /** Dollars: paid (or being paid); for a record not paid, what the plan would have paid. */
  amount: z.number(),
  /** Why it was not paid (or paid only in part), e.g. "level 3 locked: 1 of 2 active directs". */
  notPaidReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The buyer (referral and team-level bonus) or claimer (team profit); null for runs and rewards. */
  sourceMember: sourceMemberView.nullable(),
  /** How many levels below the earner the source member is (1 = a direct referral). */
  level: z.number().nullable(),
  /** The purchase that caused it (referral and team-level bonus). */
  packageId: z.string().nullable(),
  packageName: z.string().nullable(),
  /** The business day of a claim, the week's Monday, or the month (YYYY-MM) it is for. */
  period: z.string().nullable(),
  /** What the percentage was applied to: the purchase, the claimed profit, the week's team business. */
  baseAmount: z.number().nullable(),
  percentage: z.number().nullable(),
  /** The rank a monthly income or reward is for. */
  rank: z.string().nullable(),
  planVersion: z.number(),
});
export type IncomeRecord = z.infer<typeof incomeRecord>;

/** A page of one kind of income with the sums of everything the filter matches. */
export const incomePageData = pageOf(incomeRecord).extend({
  /** Credited. */
  totalAmount: z.number(),
  /** Earned and being credited. */
  pendingAmount: z.number(),
  /** What the plan did not pay. */
  notPaidAmount: z.number(),
});
export type IncomePage = z.infer<typeof incomePageData>;

/** Paging, the days the incomes were recorded (both included) and optionally one status. */
export const incomeQuery = pageQuery
  .extend({
    ...dayRangeShape,
    status: z.enum(INCOME_STATUSES, { error: patternMessage('status') }).optional(),
  })
  .refine(isOrderedRange, reversedRange);
export type IncomeQuery = z.infer<typeof incomeQuery>;
