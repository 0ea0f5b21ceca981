import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './format.ts';

describe('money display rules', () => {
  it.each([
    [0, '$0.00'],
    [null, '$0.00'],
    [undefined, '$0.00'],
    [Number.NaN, '$0.00'],
    ['', '$0.00'],
    [12, '$12.00'],
    [12.5, '$12.50'],
    [0.945, '$0.9450'],
    [1.2345, '$1.2345'],
    [1.23456, '$1.2346'],
    [0.000001, '$0.0000'],
    [1e-7, '$0.0000'],
    ['3.14159', '$3.1416'],
    [-3, '-$3.00'],
    [1234567.5, '$1,234,567.50'],
  ])(
    'shows %j as %s: more than 4 decimal places shows 4, a falsy value 0, cents or 4 places',
    (value, text) => {
      expect(formatMoney(value, 'amount')).toBe(text);
    },
  );

  it.each([
    [0n, '$0.00'],
    [28_000_000n, '$28.00'],
    [945_000n, '$0.9450'],
    [5_035_800n, '$5.0358'],
    [1_234_567_500_000n, '$1,234,567.50'],
    [49n, '$0.0000'],
    [50n, '$0.0001'],
    [-5_035_849n, '-$5.0358'],
  ])('writes %s micro-dollars as %s in sentences (notifications, mails)', (micros, text) => {
    expect(formatAmount(micros)).toBe(text);
  });

  it('shows balances with 4 decimals in the header and 2 on cards', () => {
    expect(formatMoney(10_000, 4)).toBe('$10,000.0000');
    expect(formatMoney(1234.56789, 4)).toBe('$1,234.5679');
    expect(formatMoney(null, 4)).toBe('$0.0000');
    expect(formatMoney(1234.5, 2)).toBe('$1,234.50');
    expect(formatMoney(0.005, 2)).toBe('$0.01');
    expect(formatMoney(undefined, 2)).toBe('$0.00');
    expect(formatMoney(-5.25, 2)).toBe('-$5.25');
  });

  it('shows amounts with cents and at most 4 decimals', () => {
    expect(formatMoney(0.3, 'amount')).toBe('$0.30');
    expect(formatMoney(109.5, 'amount')).toBe('$109.50');
    expect(formatMoney(1.234, 'amount')).toBe('$1.2340');
    expect(formatMoney(3.703701, 'amount')).toBe('$3.7037');
    expect(formatMoney(12345, 'amount')).toBe('$12,345.00');
    expect(formatMoney(0, 'amount')).toBe('$0.00');
  });

  it('signs every value when asked, a credit with +', () => {
    expect(formatMoney(5.25, 'amount', { isSigned: true })).toBe('+$5.25');
    expect(formatMoney(-500, 'amount', { isSigned: true })).toBe('-$500.00');
    expect(formatMoney(0, 'amount', { isSigned: true })).toBe('+$0.00');
  });

  it('writes what Intl.NumberFormat writes, for any amount, format and sign', () => {
    // The oracle formatMoney replaced (it is written out to spare the browser's locale data).
    const intl = (value: number, decimals: number, isSigned: boolean) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        signDisplay: isSigned ? 'always' : 'auto',
      }).format(value);
    const amounts = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e22, max: 1e22 }),
      // Money as the API sends it: micro-dollars, and halves at every place (1.005, 0.00005).
      fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }).map((micros) => Number(micros) / 1e6),
      fc
        .tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 1, max: 7 }))
        .map(([whole, places]) => Number(`${whole}.${'0'.repeat(places - 1)}5`)),
    );
    // The display rule on its own: more than 2 decimal places as JavaScript writes it shows 4.
    const decimalsOf = (value: number, format: 2 | 4 | 'amount') => {
      if (format !== 'amount') return format;
      const written = String(value); // 1e-7 has 7 places, 1.5e+21 none
      if (written.includes('e')) return written.includes('e-') ? 4 : 2;
      return (written.split('.')[1]?.length ?? 0) > 2 ? 4 : 2;
    };
    fc.assert(
      fc.property(
        amounts,
        fc.constantFrom(2 as const, 4 as const, 'amount' as const),
        fc.boolean(),
        (value, format, isSigned) => {
          const shown = value || 0; // a falsy value (-0 too) shows 0
          expect(formatMoney(value, format, { isSigned })).toBe(
            intl(shown, decimalsOf(shown, format), isSigned),
          );
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
