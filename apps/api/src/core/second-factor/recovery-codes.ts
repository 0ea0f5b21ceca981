import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/members.ts';
import { sha256 } from '../../lib/secrets.ts';

// Ten single-use codes for when the phone is lost: 10 characters from 32 (50 bits each, from the
// CSPRNG), shown once as XXXXX-XXXXX and kept only as SHA-256 digests. With that much entropy a
// fast digest is enough: nobody can try 2^50 guesses through a throttled sign-in or offline.

/** No 0/O or 1/I, which read alike on paper. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const newCode = () =>
  Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** As the member is shown it: two groups of five. */
const shown = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Replaces every recovery code of the member with new ones, and answers them (shown once). */
export async function replaceRecoveryCodes(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<string[]> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ memberId, codeHash: sha256(code), createdAt: now })));
  return codes.map(shown);
}

/** Uses a recovery code (normalised: no hyphen, upper case): true once per code. */
export async function useRecoveryCode(
  db: Executor,
  memberId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.memberId, memberId),
        eq(recoveryCodes.codeHash, sha256(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Executor, memberId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.memberId, memberId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function removeRecoveryCodes(db: Executor, memberId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
}
