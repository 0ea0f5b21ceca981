import {
  applyRate,
  formatDollars,
  microsToDollars,
  RATE_UNITS_PER_PERCENT,
  type PackageView,
} from '@app/contracts';
import { dollarsToMicros } from '../../../lib/money.ts';

type Terms = Pick<PackageView, 'dailyPercentage' | 'totalDays'>;

/**
 * The integer rate (units of 1e-4 %) behind a percentage from the API. The server sends
 * `rate / 10,000`, so multiplying back and rounding recovers that integer exactly.
 */
export const rateUnitsOf = (percentage: number) =>
  BigInt(Math.round(percentage * RATE_UNITS_PER_PERCENT));

export type ProfitPreview = { daily: number; total: number };

/**
 * What a purchase of `amountMicros` pays, by the server's rule: daily = floor(amount × rate)
 * in micro-dollars, total = daily × days. Integer arithmetic only, so the preview matches
 * the purchased package to the last micro-dollar.
 */
export function previewProfit(amountMicros: bigint, terms: Terms): ProfitPreview {
  const daily = applyRate(amountMicros, rateUnitsOf(terms.dailyPercentage));
  return { daily: microsToDollars(daily), total: microsToDollars(daily * BigInt(terms.totalDays)) };
}

/** The whole term's profit as a percentage of the amount (0.3 % × 365 days = 109.5 %). */
export const totalPercentage = (terms: Terms) =>
  Number(rateUnitsOf(terms.dailyPercentage) * BigInt(terms.totalDays)) / RATE_UNITS_PER_PERCENT;

// Shared with the compounding screens; kept here too for this feature's imports.
export { formatPercentage } from '../../../lib/format.ts';

/** "$2,500": exact and without trailing zeros, as the server's range message writes bounds. */
export const formatBound = (dollars: number) => formatDollars(dollarsToMicros(dollars));

/** "$50 – $499". */
export const formatRange = ({
  minAmount,
  maxAmount,
}: Pick<PackageView, 'minAmount' | 'maxAmount'>) =>
  `${formatBound(minAmount)} – ${formatBound(maxAmount)}`;
