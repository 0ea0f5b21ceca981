import { microsToDollars, parseMoney } from '@app/contracts';

// Operators reconcile to the micro-dollar: the console shows every decimal an amount has (up to
// six), where the member screens round to four.
const exact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 6,
});
const signedExact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 6,
  signDisplay: 'exceptZero',
});

export const formatExactMoney = (value: number, isSigned = false) =>
  (isSigned ? signedExact : exact).format(value);

/** Exact sum of dollar amounts: each read as micro-dollars through its decimal text, summed as bigint. */
export function sumDollars(values: number[]): number {
  let micros = 0n;
  for (const value of values) {
    if (value === 0) continue;
    const parsed = parseMoney(Math.abs(value));
    if (!parsed.ok) throw new Error(`not an amount: ${value}`);
    micros += value < 0 ? -parsed.micros : parsed.micros;
  }
  return microsToDollars(micros);
}
