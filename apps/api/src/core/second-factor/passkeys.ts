import { and, asc, count, eq } from 'drizzle-orm';
import type { PasskeysData, PasskeyView } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { memberPasskeys, members } from '../../db/schema/members.ts';

// A member's passkeys as stored (decision 0048): public keys and counters, nothing secret.

export type PasskeyRecord = typeof memberPasskeys.$inferSelect;

export const passkeyViewOf = (row: PasskeyRecord): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/** The member's passkeys, oldest first. */
export async function listPasskeys(db: Executor, memberId: string): Promise<PasskeyRecord[]> {
  return db
    .select()
    .from(memberPasskeys)
    .where(eq(memberPasskeys.memberId, memberId))
    .orderBy(asc(memberPasskeys.createdAt), asc(memberPasskeys.id));
}

export async function countPasskeys(db: Executor, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberPasskeys)
    .where(eq(memberPasskeys.memberId, memberId));
  return row?.n ?? 0;
}

export async function findPasskeyByCredential(
  db: Executor,
  credentialId: string,
): Promise<PasskeyRecord | null> {
  const [row] = await db
    .select()
    .from(memberPasskeys)
    .where(eq(memberPasskeys.credentialId, credentialId));
  return row ?? null;
}

/** One of the member's passkeys by its id; another member's answers null, like a missing one. */
export async function findOwnPasskey(
  db: Executor,
  memberId: string,
  id: string,
): Promise<PasskeyRecord | null> {
  const [row] = await db
    .select()
    .from(memberPasskeys)
    .where(and(eq(memberPasskeys.id, id), eq(memberPasskeys.memberId, memberId)));
  return row ?? null;
}

/** Records a use: the counter the authenticator reported, and when. */
export async function touchPasskey(
  db: Executor,
  id: string,
  counter: number,
  now: Date,
): Promise<void> {
  await db
    .update(memberPasskeys)
    .set({ counter, lastUsedAt: now })
    .where(eq(memberPasskeys.id, id));
}

/** Every passkey of the member goes, and with them the consent to sign in with one alone. */
export async function removePasskeys(db: Executor, memberId: string): Promise<void> {
  await db.delete(memberPasskeys).where(eq(memberPasskeys.memberId, memberId));
  await db.update(members).set({ passkeySignIn: false }).where(eq(members.id, memberId));
}

/** The member's passkeys as the member and the console see them. */
export async function passkeysOf(db: Executor, memberId: string): Promise<PasskeysData> {
  const [member] = await db
    .select({ passkeySignIn: members.passkeySignIn })
    .from(members)
    .where(eq(members.id, memberId));
  const passkeys = await listPasskeys(db, memberId);
  return { passkeys: passkeys.map(passkeyViewOf), passkeySignIn: member?.passkeySignIn ?? false };
}
