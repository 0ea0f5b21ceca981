import { describe, expect, it } from 'vitest';
import { previewFee, withdrawalFormSchema } from './withdrawal-form.ts';

const usd = (dollars: number) => BigInt(Math.round(dollars * 100)) * 10_000n;
const schema = withdrawalFormSchema({ profit: usd(120), compounding: usd(6000) });
const amountError = (wallet: 'profit' | 'compounding', amount: string) => {
  const result = schema.safeParse({ wallet, amount });
  return result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path[0] === 'amount')?.message;
};

describe('withdrawal form', () => {
  it('takes $10 up to what the wallet has available', () => {
    expect(amountError('profit', '10')).toBeUndefined();
    expect(amountError('profit', '120')).toBeUndefined();
    expect(amountError('profit', '9.99')).toBe('Amount must be at least $10');
    expect(amountError('profit', '120.01')).toBe('Your profit wallet has $120.00 available');
  });

  it('never more than the day allows, whatever the wallet holds', () => {
    expect(amountError('compounding', '5000')).toBeUndefined();
    expect(amountError('compounding', '5000.000001')).toBe(
      'At most $5,000 can be withdrawn per day',
    );
  });

  it('refuses what is not an amount with the contract message', () => {
    expect(amountError('profit', '')).toBe('Amount is required');
    expect(amountError('profit', '12.3456789')).toBe('Amount can have at most 6 decimal places');
    expect(amountError('profit', 'abc')).toBe('Enter valid Amount.');
  });
});

describe('fee preview', () => {
  it('is 5 % floored to the micro-dollar, and fee + net is the amount', () => {
    expect(previewFee('100')).toEqual({ amount: usd(100), fee: usd(5), net: usd(95) });
    // 5 % of $10.000019 is 500000.95 micro-dollars: the fee is floored, the member keeps the rest.
    expect(previewFee('10.000019')).toEqual({
      amount: 10_000_019n,
      fee: 500_000n,
      net: 9_500_019n,
    });
    for (const text of ['10', '33.33', '123.456789', '4999.999999']) {
      const preview = previewFee(text)!;
      expect(preview.fee + preview.net).toBe(preview.amount);
    }
  });

  it('shows nothing until the text is an amount the API would take', () => {
    expect(previewFee('')).toBeNull();
    expect(previewFee('abc')).toBeNull();
    expect(previewFee('-5')).toBeNull();
    expect(previewFee('9.99')).toBeNull();
  });
});
