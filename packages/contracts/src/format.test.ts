import { describe, expect, it } from 'vitest';
import { formatMoney } from './format.ts';

describe('money display rules', () => {
  it.each([
    [0, '$0'],
    [null, '$0'],
    [undefined, '$0'],
    [Number.NaN, '$0'],
    ['', '$0'],
    [12, '$12'],
    [12.5, '$12.5'],
    [1.2345, '$1.2345'],
    [1.23456, '$1.2346'],
    [0.000001, '$0.0000'],
    [1e-7, '$0.0000'],
    ['3.14159', '$3.1416'],
    [-3, '-$3'],
    [1234567.5, '$1,234,567.5'],
  ])('shows %j as %s: more than 4 decimal places shows 4, a falsy value 0', (value, text) => {
    expect(formatMoney(value, 'display')).toBe(text);
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
    expect(formatMoney(1.234, 'amount')).toBe('$1.234');
    expect(formatMoney(3.703701, 'amount')).toBe('$3.7037');
    expect(formatMoney(12345, 'amount')).toBe('$12,345.00');
    expect(formatMoney(0, 'amount')).toBe('$0.00');
  });

  it('signs every value when asked, a credit with +', () => {
    expect(formatMoney(5.25, 'amount', { isSigned: true })).toBe('+$5.25');
    expect(formatMoney(-500, 'amount', { isSigned: true })).toBe('-$500.00');
    expect(formatMoney(0, 'amount', { isSigned: true })).toBe('+$0.00');
  });
});
