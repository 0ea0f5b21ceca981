import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sql, type Column } from 'drizzle-orm';

// Secrets the server must read back (an authenticator's seed), sealed with AES-256-GCM under a
// key from the environment: a copy of the database alone does not give them up, and a sealed
// value altered in the database fails to open instead of yielding another secret.
// Format: v1.<key id>.<nonce>.<tag>.<ciphertext>, each part base64url; the key id (the first 8
// bytes of the key's SHA-256) says which key sealed it, so a key can be rotated.

const VERSION = 'v1';

/** Which key sealed a value: not the key, and not enough to find it. */
export const keyIdOf = (key: Buffer) =>
  createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');

/**
 * The keys of one store of sealed values: `current` seals, and each of them still opens what it
 * sealed, so a key can be replaced without making what it sealed unreadable (rotation).
 */
export type SealingKeys = { current: Buffer; previous: readonly Buffer[] };

/** The configured key with that id, current or previous; undefined when none has it. */
export const keyById = (keys: SealingKeys, keyId: string | undefined): Buffer | undefined =>
  [keys.current, ...keys.previous].find((key) => keyIdOf(key) === keyId);

/** The ids of the previous keys, without the current one's (a key listed in both). */
export const previousKeyIdsOf = (keys: SealingKeys): string[] => {
  const currentId = keyIdOf(keys.current);
  return keys.previous.map(keyIdOf).filter((id) => id !== currentId);
};

/** The id of the key that sealed a value stored in `column`, in SQL: its second part. */
export const sealedKeyIdIn = (column: Column) => sql<string>`split_part(${column}, '.', 2)`;

export function seal(plaintext: string, key: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return [VERSION, keyIdOf(key), ...parts].join('.');
}

export class SealedSecretError extends Error {}

/** The plaintext of `sealed`; throws SealedSecretError for another key or an altered value. */
export function unseal(sealed: string, key: Buffer): string {
  const [version, keyId, nonce, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || !keyId || !nonce || !tag || ciphertext === undefined || rest.length)
    throw new SealedSecretError('not a sealed secret');
  if (keyId !== keyIdOf(key)) throw new SealedSecretError(`sealed under another key (${keyId})`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    throw new SealedSecretError('sealed secret altered');
  }
}

/** Opens a value sealed under any of `keys`; SealedSecretError when none of them sealed it. */
export function unsealWithAny(sealed: string, keys: SealingKeys): string {
  const keyId = sealed.split('.')[1];
  const key = keyById(keys, keyId);
  if (!key) throw new SealedSecretError(`sealed under a key not configured (${keyId})`);
  return unseal(sealed, key);
}
