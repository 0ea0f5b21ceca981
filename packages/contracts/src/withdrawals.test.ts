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

  it('refuses a real TRON address with one character changed in the middle', () => {
    // The USDT contract's own address with its 15th character changed: still base58, checksum off.
    expect(usdtNetwork('TR7NHqjeKQxGTCi9q8ZY4pL8otSzgjLj6t')).toBeNull();
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

describe('BEP-20 EIP-55 checksums', () => {
  // The reference vectors of EIP-55 (https://eips.ethereum.org/EIPS/eip-55).
  const UNCHECKSUMMED = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ];
  const CHECKSUMMED = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];
  const flipCase = (char: string) =>
    char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase();

  it.each(UNCHECKSUMMED)('accepts all-lower or all-upper %s: it carries no checksum', (address) => {
    expect(usdtNetwork(address)).toBe('BEP-20');
  });

  it.each(CHECKSUMMED)('accepts the mixed-case %s: its checksum holds', (address) => {
    expect(usdtNetwork(address)).toBe('BEP-20');
    expect(payoutAddress.parse(address)).toBe(address.toLowerCase());
  });

  it('refuses a mixed-case address with the case of any one letter flipped', () => {
    for (const address of CHECKSUMMED) {
      const letters = [...address].flatMap((char, i) => (i > 1 && /[a-f]/i.test(char) ? [i] : []));
      expect(letters.length).toBeGreaterThan(10);
      for (const i of letters) {
        const typo = address.slice(0, i) + flipCase(address[i]!) + address.slice(i + 1);
        expect(usdtNetwork(typo), typo).toBeNull();
      }
    }
  });

  it('names the field for a mixed-case address whose checksum fails', () => {
    expect(
      payoutAddress.safeParse('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD').error?.issues[0]
        ?.message,
    ).toBe('Enter valid Payout address.');
  });
});
