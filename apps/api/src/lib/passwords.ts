import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD } from '@app/contracts';
import { fieldError } from './errors.ts';

// Argon2id at OWASP's minimum (19 MiB, t=2, p=1).
const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum verbatimModuleSyntax cannot import */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

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
