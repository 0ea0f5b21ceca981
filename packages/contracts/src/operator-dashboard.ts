import { z } from 'zod';
import { liabilitiesData } from './operator.ts';

// GET operator/dashboard: the console's overview. Days and weeks are UTC; a week starts on
// Monday. Money figures are dollars as JSON numbers (exact to the micro-dollar) and only for the
// roles that answer for money: support gets `money: null`.

/** How many days the overview's charts cover, today included. */
export const DASHBOARD_SERIES_DAYS = 14;

/** How many, and how much in dollars. */
export const countAndAmount = z.object({ count: z.number(), amount: z.number() });
export type CountAndAmount = z.infer<typeof countAndAmount>;

const moneyFigures = z.object({
  depositsConfirmed: countAndAmount,
  withdrawalsRequested: countAndAmount,
  /** Gross: what left members' wallets, fee included (the liabilities report's is net of fees). */
  withdrawalsPaid: countAndAmount,
});
export type DashboardMoneyFigures = z.infer<typeof moneyFigures>;

export const dashboardReconciliation = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  /** Unbalanced transfers, mismatched balances and held mismatches found, together. */
  issues: z.number(),
});

export const dashboardMoney = z.object({
  today: moneyFigures,
  week: moneyFigures,
  /** Work waiting for a money operator. */
  queues: z.object({ deposits: z.number(), withdrawals: z.number(), adjustments: z.number() }),
  liabilities: liabilitiesData,
  reconciliation: dashboardReconciliation,
  /** One entry per UTC day, oldest first: deposits confirmed and withdrawals paid, in dollars. */
  series: z.array(z.object({ day: z.string(), deposits: z.number(), withdrawalsPaid: z.number() })),
});
export type DashboardMoney = z.infer<typeof dashboardMoney>;

export const dashboardData = z.object({
  asOf: z.string(),
  /** The UTC day and the Monday its week started on (YYYY-MM-DD). */
  today: z.string(),
  weekStart: z.string(),
  newMembers: z.object({ today: z.number(), week: z.number() }),
  /** Tickets waiting for an operator (open) and for the member (answered). */
  tickets: z.object({ open: z.number(), answered: z.number() }),
  /** Mails given up on after their last attempt in the last 7 days (the SMTP server refused or was down). */
  mails: z.object({ failed: z.number() }),
  /** New members per UTC day, oldest first, over DASHBOARD_SERIES_DAYS days. */
  memberSeries: z.array(z.object({ day: z.string(), newMembers: z.number() })),
  money: dashboardMoney.nullable(),
});
export type DashboardData = z.infer<typeof dashboardData>;
