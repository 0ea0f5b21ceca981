import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyRate, microsToDecimalString, microsToDollars, parseMoney } from './money.ts';

describe('parseMoney', () => {
  it.each([
    [10, 10_000_000n],
    ['10', 10_000_000n],
    [0.1, 100_000n],
    ['0.000001', 1n],
    [1e-6, 1n],
    [123.456789, 123_456_789n],
    [' 5.5 ', 5_500_000n],
    [1e9, 1_000_000_000_000_000n],
  ])('reads %j exactly', (input, micros) => {
    expect(parseMoney(input)).toEqual({ ok: true, micros });
  });

  it.each([
    [0, 'not-positive'],
    ['0.0000001', 'too-precise'],
    [-1, 'not-positive'],
    ['-1', 'not-positive'],
    [Number.NaN, 'invalid'],
    [Number.POSITIVE_INFINITY, 'invalid'],
    ['1e3', 'invalid'],
    ['abc', 'invalid'],
    [null, 'invalid'],
    [true, 'invalid'],
    ['1000000000.000001', 'too-large'],
  ])('refuses %j as %s', (input, reason) => {
    expect(parseMoney(input)).toEqual({ ok: false, reason });
  });

  it('round-trips every 6-decimal amount through dollars without loss', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 1_000_000_000_000_000n }), (micros) => {
        const dollars = microsToDollars(micros);
        expect(parseMoney(dollars)).toEqual({ ok: true, micros });
        expect(parseMoney(microsToDecimalString(micros))).toEqual({ ok: true, micros });
      }),
    );
  });
});

describe('applyRate', () => {
  it('floors base × rate where the rate is in 1e-4 %', () => {
    expect(applyRate(100_000_000n, 3_500n)).toBe(350_000n); // 0.35 % of $100 = $0.35
    expect(applyRate(1n, 3_500n)).toBe(0n); // the rounding remainder stays with the house
    expect(applyRate(333_333n, 5_000_000n)).toBe(1_666_665n); // 500 %
  });
});
