import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { SECOND_FACTOR_REQUIRED } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { seal, unsealWithAny, type SealingKeys } from '../../lib/sealed-secrets.ts';
import { MEMBER_FACTOR, ownerOf, type FactorTables } from './owners.ts';

// The authenticator app (RFC 6238): 6 digits, 30-second steps, SHA-1 (what every authenticator
// app reads from a QR code), one step of drift either way. Codes are checked by otpauth; this
// module keeps the seed sealed and remembers the last step used, so a code works once. A member's
// and an operator's authenticator are kept alike, each in its own table (`tables`, owners.ts).

const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA-1 seed. */
const SECRET_BYTES = 20;

const totpOf = (secretBase32: string, label = 'member', issuer = 'Member Invest') =>
  new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });

/** The keys of seeds, or the 503 of a server that has none (production without one). */
export function requireSealingKeys(keys: SealingKeys | null): SealingKeys {
  if (!keys)
    throw new AppError(
      'UNAVAILABLE',
      'Two-factor authentication is not available on this server. Please contact support.',
    );
  return keys;
}

/**
 * A new seed, sealed under the current key, and what the member's app needs: the base32 text and
 * the otpauth URI.
 */
export function newTotpSeed(
  keys: SealingKeys,
  account: { label: string; issuer: string },
): { sealed: string; secret: string; uri: string } {
  const secret = new OTPAuth.Secret({ size: SECRET_BYTES }).base32;
  const uri = totpOf(secret, account.label, account.issuer).toString();
  return { sealed: seal(secret, keys.current), secret, uri };
}

/** The step a code is valid for at `now` (within the drift), or null. */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpOf(secretBase32).validate({
    token: code,
    timestamp: now.getTime(),
    window: DRIFT_STEPS,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

export type TotpRecord = {
  ownerId: string;
  secretSealed: string;
  confirmedAt: Date | null;
  lastStep: number | null;
  createdAt: Date;
};

export async function findTotp(
  db: Executor,
  ownerId: string,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<TotpRecord | null> {
  const { totp, totpOwner } = tables;
  const [row] = await db
    .select({
      ownerId: totpOwner,
      secretSealed: totp.secretSealed,
      confirmedAt: totp.confirmedAt,
      lastStep: totp.lastStep,
      createdAt: totp.createdAt,
    })
    .from(totp)
    .where(eq(totpOwner, ownerId));
  return row ?? null;
}

/** Whether the owner's sign-in needs an authenticator code: an enrolment that was confirmed. */
export async function hasConfirmedTotp(
  db: Executor,
  ownerId: string,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<boolean> {
  const [row] = await db
    .select({ ownerId: tables.totpOwner })
    .from(tables.totp)
    .where(and(eq(tables.totpOwner, ownerId), isNotNull(tables.totp.confirmedAt)));
  return Boolean(row);
}

/**
 * Accepts an authenticator code once: true when it is valid now and its step is later than the
 * last one accepted, which it then becomes. The step moves by compare-and-set, so the same code
 * sent twice at once is accepted once.
 */
export async function acceptTotpCode(
  db: Executor,
  record: TotpRecord,
  /** A seed sealed under a previous key still opens (SECOND_FACTOR_PREVIOUS_KEYS). */
  keys: SealingKeys,
  code: string,
  now: Date,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<boolean> {
  const step = totpStepOf(unsealWithAny(record.secretSealed, keys), code, now);
  if (step === null) return false;
  const { totp, totpOwner } = tables;
  const moved = await db
    .update(totp)
    .set({ lastStep: step })
    .where(and(eq(totpOwner, record.ownerId), or(isNull(totp.lastStep), lt(totp.lastStep, step))))
    .returning({ ownerId: totpOwner });
  return moved.length > 0;
}

/** Starts an enrolment (or restarts one not confirmed yet) with a new sealed seed. */
export async function saveTotpSeed(
  db: Executor,
  ownerId: string,
  sealed: string,
  now: Date,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<void> {
  const { totp, totpOwner } = tables;
  await db
    .insert(totp)
    .values({ ...ownerOf(tables, ownerId), secretSealed: sealed, createdAt: now })
    .onConflictDoUpdate({
      target: totpOwner,
      set: { secretSealed: sealed, confirmedAt: null, lastStep: null, createdAt: now },
      // An authenticator already on is replaced only after being turned off.
      setWhere: sql`${totp.confirmedAt} is null`,
    });
}

/** Turns an enrolment on: its first code was accepted. */
export async function confirmTotpRecord(
  db: Executor,
  ownerId: string,
  now: Date,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<void> {
  await db.update(tables.totp).set({ confirmedAt: now }).where(eq(tables.totpOwner, ownerId));
}

export async function removeTotp(
  db: Executor,
  ownerId: string,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<void> {
  await db.delete(tables.totp).where(eq(tables.totpOwner, ownerId));
}

export const secondFactorRequired = (data: unknown) =>
  new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_REQUIRED, {}, data);
