import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@app/contracts';

/** 256-bit opaque bearer token (sessions need at least 128). */
export const createToken = () => randomBytes(32).toString('base64url');

/**
 * Node's one-shot digest: every member request hashes its bearer token to look the session up,
 * and this takes less than half the time of a Hash object made, fed and finished for it.
 */
export const sha256 = (value: string) => hash('sha256', value, 'hex');

/** Six digits from the CSPRNG. */
export const createOtpCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

export function createReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) {
    code += REFERRAL_CODE_ALPHABET[randomInt(0, REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/** Compares two hex digests in constant time. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
