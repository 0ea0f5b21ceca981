import { and, eq } from 'drizzle-orm';
import {
  PASSKEY_ALREADY_ADDED,
  PASSKEY_LIMIT,
  PASSKEY_NOT_ACCEPTED,
  PASSKEY_SIGN_IN_NEEDS_PASSKEY,
  PASSKEYS_MAX,
  type PasskeyAddedData,
  type PasskeysData,
} from '@app/contracts';
import type { WebauthnConfig } from '../../config/webauthn.ts';
import type { Db } from '../../db/client.ts';
import { memberPasskeys, members } from '../../db/schema/members.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { startWithdrawalHold } from '../../core/withdrawal-hold.ts';
import { hasSecondFactor } from '../../core/second-factor/factors.ts';
import {
  countPasskeys,
  findOwnPasskey,
  listPasskeys,
  passkeyViewOf,
} from '../../core/second-factor/passkeys.ts';
import {
  recoveryCodesLeft,
  removeRecoveryCodes,
  replaceRecoveryCodes,
} from '../../core/second-factor/recovery-codes.ts';
import { tellMember } from '../../core/second-factor/state.ts';
import {
  registrationOptions,
  requireWebauthn,
  useChallenge,
  verifyRegistration,
} from '../../core/second-factor/webauthn.ts';
import { verifyCurrentPassword } from './change-password.ts';

// A member's passkeys (decision 0048): adding one (the password again, and step-up when a factor
// is on), naming, removing, and whether one may sign in alone. Each change is told to the member
// in the app and by email in its transaction; adding a passkey or removing the last factor
// starts the withdrawal hold, as any change of how the account is protected does.

const notFound = () => new AppError('NOT_FOUND', 'Passkey not found');

/** Options for the browser to create a passkey, after the password. */
export async function passkeyRegistrationOptions(
  db: Db,
  config: WebauthnConfig | null,
  input: { memberId: string; password: string },
  now: Date,
): Promise<Record<string, unknown>> {
  const webauthn = requireWebauthn(config);
  const member = await verifyCurrentPassword(db, input.memberId, input.password, now, 'password');
  const existing = await listPasskeys(db, input.memberId);
  if (existing.length >= PASSKEYS_MAX) throw new AppError('CONFLICT', PASSKEY_LIMIT);
  const [profile] = await db
    .select({ name: members.name })
    .from(members)
    .where(eq(members.id, input.memberId));
  return registrationOptions(
    db,
    webauthn,
    { id: input.memberId, email: member.email, name: profile?.name ?? member.email },
    existing,
    now,
  );
}

/**
 * Keeps the passkey the browser created for those options. A member's first second factor also
 * gets the 10 recovery codes (shown once), so a lost device does not lock them out.
 */
export async function addPasskey(
  db: Db,
  config: WebauthnConfig | null,
  input: { memberId: string; name: string; response: Record<string, unknown> },
  now: Date,
): Promise<{ data: PasskeyAddedData; mailId: string }> {
  const webauthn = requireWebauthn(config);
  const challenge = await useChallenge(
    db,
    input.response,
    { purpose: 'register', memberId: input.memberId },
    now,
  );
  const created = challenge && (await verifyRegistration(webauthn, input.response, challenge));
  if (!created) throw fieldError('response', PASSKEY_NOT_ACCEPTED);
  return withTransaction(db, async (tx) => {
    // Serialises two additions by one member, so the limit and "first factor" hold.
    await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(members.id, input.memberId))
      .for('update');
    if ((await countPasskeys(tx, input.memberId)) >= PASSKEYS_MAX)
      throw new AppError('CONFLICT', PASSKEY_LIMIT);
    const wasOff = !(await hasSecondFactor(tx, input.memberId));
    const [row] = await tx
      .insert(memberPasskeys)
      .values({ memberId: input.memberId, name: input.name, createdAt: now, ...created })
      .onConflictDoNothing({ target: memberPasskeys.credentialId })
      .returning();
    if (!row) throw new AppError('CONFLICT', PASSKEY_ALREADY_ADDED);
    const recoveryCodes =
      wasOff || (await recoveryCodesLeft(tx, input.memberId)) === 0
        ? await replaceRecoveryCodes(tx, input.memberId, now)
        : null;
    const mailId = await tellMember(
      tx,
      input.memberId,
      { kind: 'passkey-added', name: row.name },
      `A passkey named "${row.name}" was added to your account.`,
      now,
      await startWithdrawalHold(tx, input.memberId, now),
    );
    return { data: { passkey: passkeyViewOf(row), recoveryCodes }, mailId };
  });
}

export async function renamePasskey(
  db: Db,
  input: { memberId: string; id: string; name: string },
): Promise<PasskeysData['passkeys'][number]> {
  const [row] = await db
    .update(memberPasskeys)
    .set({ name: input.name })
    .where(and(eq(memberPasskeys.id, input.id), eq(memberPasskeys.memberId, input.memberId)))
    .returning();
  if (!row) throw notFound();
  return passkeyViewOf(row);
}

/**
 * Removes one passkey. The last one takes the consent to sign in with a passkey alone with it;
 * the last second factor of any kind takes the recovery codes and starts the withdrawal hold,
 * as turning the authenticator off does.
 */
export async function removePasskey(
  db: Db,
  input: { memberId: string; id: string },
  now: Date,
): Promise<{ mailId: string }> {
  return withTransaction(db, async (tx) => {
    const passkey = await findOwnPasskey(tx, input.memberId, input.id);
    if (!passkey) throw notFound();
    await tx.delete(memberPasskeys).where(eq(memberPasskeys.id, passkey.id));
    if ((await countPasskeys(tx, input.memberId)) === 0)
      await tx.update(members).set({ passkeySignIn: false }).where(eq(members.id, input.memberId));
    const lastFactor = !(await hasSecondFactor(tx, input.memberId));
    if (lastFactor) await removeRecoveryCodes(tx, input.memberId);
    const mailId = await tellMember(
      tx,
      input.memberId,
      { kind: 'passkey-removed', name: passkey.name },
      `The passkey named "${passkey.name}" was removed from your account.`,
      now,
      lastFactor ? await startWithdrawalHold(tx, input.memberId, now) : null,
    );
    return { mailId };
  });
}

/** Lets a passkey sign in alone, or stops it; turning it on needs a passkey. */
export async function setPasskeySignIn(
  db: Db,
  input: { memberId: string; enabled: boolean },
  now: Date,
): Promise<{ mailId: string | null }> {
  return withTransaction(db, async (tx) => {
    if (input.enabled && (await countPasskeys(tx, input.memberId)) === 0)
      throw new AppError('CONFLICT', PASSKEY_SIGN_IN_NEEDS_PASSKEY);
    const [before] = await tx
      .select({ enabled: members.passkeySignIn })
      .from(members)
      .where(eq(members.id, input.memberId))
      .for('update');
    if (!before || before.enabled === input.enabled) return { mailId: null };
    await tx
      .update(members)
      .set({ passkeySignIn: input.enabled })
      .where(eq(members.id, input.memberId));
    const mailId = await tellMember(
      tx,
      input.memberId,
      { kind: 'passkey-sign-in', enabled: input.enabled },
      input.enabled
        ? 'Your passkeys can now sign in on their own, without the password.'
        : 'Signing in needs the password again; your passkeys still confirm it.',
      now,
    );
    return { mailId };
  });
}
