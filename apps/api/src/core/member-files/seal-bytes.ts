import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { keyById, keyIdOf, type SealingKeys } from '../../lib/sealed-secrets.ts';

// A file's bytes sealed with AES-256-GCM: a fresh 12-byte nonce per file, the tag kept beside
// the ciphertext, and the id of the key (first 8 bytes of its SHA-256, never the key) so that
// a file sealed before a rotation still finds its key. A changed byte fails to open.

export type SealedBytes = { keyId: string; nonce: Buffer; authTag: Buffer; ciphertext: Buffer };

/** The keys of the store: `current` seals, every one opens what it sealed. */
export type MemberFileKeys = SealingKeys;

export class MemberFileKeyMissing extends Error {}

/** The row a file's ciphertext is bound to: bytes moved to another row or member do not open. */
export const associatedDataOf = (row: { id: string; memberId: string; purpose: string }) =>
  `${row.id}:${row.memberId}:${row.purpose}`;

/** `associated` binds the ciphertext to its row: a file copied to another row does not open. */
export function sealBytes(plaintext: Buffer, key: Buffer, associated: string): SealedBytes {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(associated, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { keyId: keyIdOf(key), nonce, authTag: cipher.getAuthTag(), ciphertext };
}

/** The plaintext; throws MemberFileKeyMissing when no configured key has that id. */
export function openBytes(sealed: SealedBytes, keys: MemberFileKeys, associated: string): Buffer {
  const key = keyById(keys, sealed.keyId);
  if (!key) throw new MemberFileKeyMissing(`no configured key has the id ${sealed.keyId}`);
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.nonce);
  decipher.setAAD(Buffer.from(associated, 'utf8'));
  decipher.setAuthTag(sealed.authTag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}
