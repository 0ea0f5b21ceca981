import { describe, expect, it } from 'vitest';
import { formatDisplayNumber, formatUsd, formatUsdDisplay } from './format.ts';

describe('seed display rule', () => {
  it.each([
    [0, '0'],
    [null, '0'],
    [undefined, '0'],
    [Number.NaN, '0'],
    [12, '12'],
    [12.5, '12.5'],
    [1.2345, '1.2345'],
    [1.23456, '1.2346'],
    [0.000001, '0.0000'],
    ['3.14159', '3.1416'],
  ])('shows %j as %s', (value, text) => {
    expect(formatDisplayNumber(value)).toBe(text);
  });

  it('shows dollars with fixed decimals: 4 in the header, 2 on cards', () => {
    expect(formatUsd(10_000, 4)).toBe('$10,000.0000');
    expect(formatUsd(1234.5, 2)).toBe('$1,234.50');
    expect(formatUsd(0, 2)).toBe('$0.00');
    expect(formatUsd(null, 4)).toBe('$0.0000');
    expect(formatUsd(-5.25, 2)).toBe('-$5.25');
    expect(formatUsdDisplay(2.123456)).toBe('$2.1235');
    expect(formatUsdDisplay(-3)).toBe('-$3');
  });
});
