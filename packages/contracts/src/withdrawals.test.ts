import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  normalizeUsdtAddress,
  payoutAddress,
  sendOtpRequestQuery,
  usdtNetwork,
  withdrawalBody,
  withdrawalFee,
  WITHDRAWAL_MIN_MICROS,
} from './withdrawals.ts';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** A TRON address built independently of the code under test (node's SHA-256, BigInt base58). */
function tronAddress(payload: Uint8Array, prefix = 0x41): string {
  const body = Buffer.from([prefix, ...payload]);
  const bytes = Buffer.concat([body, sha256(sha256(body)).subarray(0, 4)]);
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  return text;
}

describe('withdrawalFee', () => {
  it('is floor(amount × 5 %) and fee + net is always exactly the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: WITHDRAWAL_MIN_MICROS, max: 10n ** 15n }), (amount) => {
        const { fee, net } = withdrawalFee(amount);
        expect(fee + net).toBe(amount);
        expect(fee).toBe((amount * 5n) / 100n);
        expect(fee * 20n <= amount && amount < (fee + 1n) * 20n).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([
    [10_000_000n, 500_000n, 9_500_000n],
    [10_000_019n, 500_000n, 9_500_019n],
    [10_000_020n, 500_001n, 9_500_019n],
    [5_000_000_000n, 250_000_000n, 4_750_000_000n],
  ])('charges %s micros a fee of %s', (amount, fee, net) => {
    expect(withdrawalFee(amount)).toEqual({ fee, net });
  });
});

describe('USDT addresses', () => {
  it('accepts real addresses of both networks', () => {
    expect(usdtNetwork('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TRC-20');
    expect(usdtNetwork('0x55d398326f99059fF775485246999027B3197955')).toBe('BEP-20');
  });

  it('accepts every TRON address whose base58check checksum holds', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (payload) => {
        expect(usdtNetwork(tronAddress(payload))).toBe('TRC-20');
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a TRON address with one character changed (checksum)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.integer({ min: 1, max: 33 }),
        fc.integer({ min: 1, max: 57 }),
        (payload, position, shift) => {
          const address = tronAddress(payload);
          const changed = ALPHABET[(ALPHABET.indexOf(address[position]!) + shift) % 58]!;
          const typo = address.slice(0, position) + changed + address.slice(position + 1);
          expect(usdtNetwork(typo)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'checksum off by one'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'too short'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t1', 'too long'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t', 'not base58 (0)'],
    ['0x55d398326f99059fF775485246999027B319795', '39 hex digits'],
    ['0x55d398326f99059fF775485246999027B3197955a', '41 hex digits'],
    ['55d398326f99059fF775485246999027B3197955', 'no 0x'],
    ['0x55d398326f99059fF775485246999027B319795g', 'not hex'],
    ['', 'empty'],
  ])('refuses %j (%s)', (address) => {
    expect(usdtNetwork(address)).toBeNull();
  });

  it('refuses a base58check-valid address of another prefix (not TRON main net)', () => {
    const other = tronAddress(new Uint8Array(20).fill(7), 0x42);
    expect(other.startsWith('T')).toBe(true);
    expect(usdtNetwork(other)).toBeNull();
  });

  it('normalises BEP-20 to lower case and keeps TRC-20 as typed', () => {
    expect(normalizeUsdtAddress(' 0x55d398326f99059fF775485246999027B3197955 ')).toBe(
      '0x55d398326f99059ff775485246999027b3197955',
    );
    expect(normalizeUsdtAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(payoutAddress.safeParse('nonsense').error?.issues[0]?.message).toBe(
      'Enter valid Payout address.',
    );
  });
});

describe('request schemas', () => {
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('asks a withdrawal code for a wallet and an amount, an address code for an address', () => {
    expect(issues(sendOtpRequestQuery.safeParse({ purpose: 'withdrawal' }))).toEqual([
      ['wallet', 'Wallet is required'],
      ['amount', 'Amount is required'],
    ]);
    expect(issues(sendOtpRequestQuery.safeParse({ purpose: 'payout-address' }))).toEqual([
      ['address', 'Payout address is required'],
    ]);
    expect(sendOtpRequestQuery.parse({})).toEqual({ purpose: 'verify-email' });
  });

  it('refuses the fund wallet and amounts below the minimum, naming the field', () => {
    expect(
      issues(withdrawalBody.safeParse({ wallet: 'fund', amount: 9.999999, otp: '123456' })),
    ).toEqual([
      ['wallet', 'Withdrawals are made from the profit or compounding wallet'],
      ['amount', 'Amount must be at least $10'],
    ]);
    expect(
      withdrawalBody.safeParse({ wallet: 'profit', amount: '10', otp: '123456' }).success,
    ).toBe(true);
  });
});
