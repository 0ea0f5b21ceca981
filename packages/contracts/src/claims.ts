import { z } from 'zod';

// The daily profit's claim (POST package/claim-profit and what it would pay now). Apart from the
// packages' schemas (packages.ts): the signed-in frame's chunk reads these for the dashboard's
// claim card, and a module is bundled whole.

export const claimStatusData = z.object({
  /** A claim was made during the current business day. */
  claimedToday: z.boolean(),
  /** What those claims paid today (forfeited days excluded); 0 when nothing was claimed. */
  claimedTodayAmount: z.number(),
  /** What POST package/claim-profit would pay now. */
  claimableAmount: z.number(),
  claimableDays: z.number(),
  /** Start of the next business day on which a new accrual becomes claimable; null when none will. */
  nextClaimAt: z.string().nullable(),
});
export type ClaimStatusData = z.infer<typeof claimStatusData>;

export const claimLine = z.object({
  /** The purchased package (member package id). */
  packageId: z.string(),
  packageName: z.string(),
  dayNumber: z.number(),
  /** The business day of the accrual (YYYY-MM-DD). */
  period: z.string(),
  amount: z.number(),
});
export type ClaimLine = z.infer<typeof claimLine>;

export const claimProfitData = z.object({
  claimId: z.string(),
  totalAmount: z.number(),
  lines: z.array(claimLine),
  /** Earlier unclaimed days given up under `missedDays: forfeit` (0 in carry mode). */
  forfeitedDays: z.number(),
});
export type ClaimProfitData = z.infer<typeof claimProfitData>;
