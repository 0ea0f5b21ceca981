import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD } from '@app/contracts';
import { fieldError } from './errors.ts';

/** Argon2id at OWASP's minimum (19 MiB, t=2, p=1): every password of a deployment. */
const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum verbatimModuleSyntax cannot import */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Argon2id at its cheapest (1 MiB, one pass), for test runs (PASSWORD_HASH_COST=minimal): the
 * suites hash thousands of passwords, 12 ms of CPU each at full strength, a sixth of the API
 * tests' CPU. The algorithm and the code paths stay the same, and a hash records its own cost,
 * so either kind is verified alike. A production start refuses the setting (config/env.ts), and
 * so does this module.
 */
const MINIMAL_ARGON2_OPTIONS = { ...ARGON2_OPTIONS, memoryCost: 1024, timeCost: 1 };

function hashOptions(): typeof ARGON2_OPTIONS {
  if (process.env.PASSWORD_HASH_COST !== 'minimal') return ARGON2_OPTIONS;
  if (process.env.NODE_ENV === 'production') {
    throw new Error('PASSWORD_HASH_COST=minimal is refused when NODE_ENV=production');
  }
  return MINIMAL_ARGON2_OPTIONS;
}

export const hashPassword = (password: string) => hash(password, hashOptions());

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check when the id does not exist, so the answer's timing
 * does not tell an attacker which ids are registered.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(await dummyHash, password);
}

const commonPasswords = new Set(dictionary['passwords-common'] as string[]);

/** The zxcvbn list of ~50k most common passwords; comparison ignores case. */
export const isCommonPassword = (password: string) => commonPasswords.has(password.toLowerCase());

/** Refuses a common password on the field that carries it (registration, change, reset). */
export function refuseCommonPassword(field: string, password: string): void {
  if (isCommonPassword(password)) throw fieldError(field, COMMON_PASSWORD);
}
