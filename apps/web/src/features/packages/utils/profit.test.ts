import { describe, expect, it } from 'vitest';
import { dollarsToMicros } from '../../../lib/money.ts';
import { formatRange, previewProfit, rateUnitsOf, totalPercentage } from './profit.ts';

const starter = { dailyPercentage: 0.3, totalDays: 365 };

describe('profit preview (integer micro-dollars, as the server computes it)', () => {
  it('pays $0.30 a day and $109.50 over 365 days on $100 at 0.3 %', () => {
    expect(previewProfit(100_000_000n, starter)).toEqual({ daily: 0.3, total: 109.5 });
  });

  it('floors the daily profit to the micro-dollar and multiplies that floored figure', () => {
    // $1,234.567 × 0.35 % = $4.3209845: floor gives $4.320984, and × 365 = $1,577.15916.
    expect(previewProfit(1_234_567_000n, { dailyPercentage: 0.35, totalDays: 365 })).toEqual({
      daily: 4.320984,
      total: 1577.15916,
    });
  });

  it('recovers the integer rate from percentages that are not exact in binary', () => {
    expect(rateUnitsOf(0.3)).toBe(3000n);
    expect(rateUnitsOf(0.35)).toBe(3500n);
    expect(rateUnitsOf(0.0001)).toBe(1n);
    expect(totalPercentage(starter)).toBe(109.5); // 0.3 × 365 in floating point is 109.49999999999999
  });

  it('reads dollars from the API exactly and shows ranges like the server message', () => {
    expect(dollarsToMicros(0.1)).toBe(100_000n);
    expect(dollarsToMicros(0)).toBe(0n);
    expect(formatRange({ minAmount: 2500, maxAmount: 25000 })).toBe('$2,500 – $25,000');
  });
});
