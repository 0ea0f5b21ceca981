import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { sha256 } from '../../lib/secrets.ts';
import { MEMBER_FACTOR, ownerOf, type FactorTables } from './owners.ts';

// Ten single-use codes for when the phone is lost: 10 characters from 32 (50 bits each, from the
// CSPRNG), shown once as XXXXX-XXXXX and kept only as SHA-256 digests. With that much entropy a
// fast digest is enough: nobody can try 2^50 guesses through a throttled sign-in or offline.
// A member's codes and an operator's are kept alike, each in their own table (owners.ts).

/** No 0/O or 1/I, which read alike on paper. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const newCode = () =>
  Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** As the member is shown it: two groups of five. */
const shown = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Replaces every recovery code of the owner with new ones, and answers them (shown once). */
export async function replaceRecoveryCodes(
  db: Executor,
  ownerId: string,
  now: Date,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<string[]> {
  await removeRecoveryCodes(db, ownerId, tables);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const owner = ownerOf(tables, ownerId);
  await db
    .insert(tables.codes)
    .values(codes.map((code) => ({ ...owner, codeHash: sha256(code), createdAt: now })));
  return codes.map(shown);
}

/** Uses a recovery code (normalised: no hyphen, upper case): true once per code. */
export async function useRecoveryCode(
  db: Executor,
  ownerId: string,
  code: string,
  now: Date,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<boolean> {
  const { codes, codesOwner } = tables;
  const used = await db
    .update(codes)
    .set({ usedAt: now })
    .where(and(eq(codesOwner, ownerId), eq(codes.codeHash, sha256(code)), isNull(codes.usedAt)))
    .returning({ id: codes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(
  db: Executor,
  ownerId: string,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(tables.codes)
    .where(and(eq(tables.codesOwner, ownerId), isNull(tables.codes.usedAt)));
  return row?.left ?? 0;
}

export async function removeRecoveryCodes(
  db: Executor,
  ownerId: string,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<void> {
  await db.delete(tables.codes).where(eq(tables.codesOwner, ownerId));
}
