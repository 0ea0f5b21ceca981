import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_UNAVAILABLE, type WebauthnPurpose } from '@app/contracts';
import type { WebauthnConfig } from '../../config/webauthn.ts';
import type { Executor } from '../../db/client.ts';
import { webauthnChallenges } from '../../db/schema/members.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { PasskeyRecord } from './passkeys.ts';

// The WebAuthn ceremonies (decision 0048), checked by SimpleWebAuthn. Each set of options carries
// a random challenge stored for one purpose (and one member, unless it is a sign-in by passkey
// alone); the answer is accepted only with a challenge of that purpose, unexpired and unused,
// which it uses up before its signature is checked, so an answer never counts twice.

const CHALLENGE_MINUTES = 5;
const TIMEOUT_MS = CHALLENGE_MINUTES * MINUTE_MS;

type Options = Record<string, unknown>;

/** The relying party, or the 503 of a server reached by an IP address (no passkeys there). */
export function requireWebauthn(config: WebauthnConfig | null): WebauthnConfig {
  if (!config) throw new AppError('UNAVAILABLE', PASSKEY_UNAVAILABLE);
  return config;
}

async function storeChallenge(
  db: Executor,
  input: { memberId: string | null; purpose: WebauthnPurpose; challenge: string },
  now: Date,
): Promise<void> {
  await db.insert(webauthnChallenges).values({
    ...input,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TIMEOUT_MS),
  });
}

const transportsOf = (passkey: PasskeyRecord) => passkey.transports as AuthenticatorTransport[];

/**
 * Options to create a passkey: discoverable (it can sign in without a typed id), no attestation
 * (which device it is is the member's business), none of the member's passkeys again.
 */
export async function registrationOptions(
  db: Executor,
  config: WebauthnConfig,
  member: { id: string; email: string; name: string },
  existing: PasskeyRecord[],
  now: Date,
): Promise<Options> {
  const options = await generateRegistrationOptions({
    rpName: config.rpName,
    rpID: config.rpId,
    userName: member.email,
    userDisplayName: member.name,
    // The member's uuid is random and says nothing about them: the passkey's user handle.
    userID: new Uint8Array(Buffer.from(member.id.replaceAll('-', ''), 'hex')),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: transportsOf(passkey),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(
    db,
    { memberId: member.id, purpose: 'register', challenge: options.challenge },
    now,
  );
  return options as unknown as Options;
}

/**
 * Options to use a passkey: one of the member's (second step, step-up), or any discoverable one
 * of this site (a sign-in by passkey alone, which must also verify the person: a PIN or a touch).
 */
export async function authenticationOptions(
  db: Executor,
  config: WebauthnConfig,
  input: { memberId: string | null; purpose: WebauthnPurpose; passkeys: PasskeyRecord[] },
  now: Date,
): Promise<Options> {
  const options = await generateAuthenticationOptions({
    rpID: config.rpId,
    timeout: TIMEOUT_MS,
    userVerification: input.memberId ? 'preferred' : 'required',
    allowCredentials: input.passkeys.map((passkey) => ({
      id: passkey.credentialId,
      transports: transportsOf(passkey),
    })),
  });
  await storeChallenge(
    db,
    { memberId: input.memberId, purpose: input.purpose, challenge: options.challenge },
    now,
  );
  return options as unknown as Options;
}

/** The challenge an answer signed, read from its client data; null when unreadable. */
function challengeOf(response: Record<string, unknown>): string | null {
  const inner = response.response as { clientDataJSON?: unknown } | undefined;
  if (typeof inner?.clientDataJSON !== 'string') return null;
  try {
    const clientData = JSON.parse(Buffer.from(inner.clientDataJSON, 'base64url').toString('utf8'));
    return typeof clientData?.challenge === 'string' ? clientData.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses up the challenge an answer signed, if it was issued for this purpose (and this member),
 * is unexpired and unused. Answers it, or null: the answer is then refused unchecked.
 */
export async function useChallenge(
  db: Executor,
  response: Record<string, unknown>,
  expected: { purpose: WebauthnPurpose; memberId: string | null },
  now: Date,
): Promise<string | null> {
  const challenge = challengeOf(response);
  if (!challenge) return null;
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, expected.purpose),
        expected.memberId
          ? eq(webauthnChallenges.memberId, expected.memberId)
          : isNull(webauthnChallenges.memberId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

export type NewPasskey = {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  backedUp: boolean;
};

/** Checks an answer to registration options; the new credential, or null when not accepted. */
export async function verifyRegistration(
  config: WebauthnConfig,
  response: Record<string, unknown>,
  challenge: string,
): Promise<NewPasskey | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: config.origins,
      expectedRPID: config.rpId,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential, credentialBackedUp } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      backedUp: credentialBackedUp,
    };
  } catch {
    // A malformed or forged answer: the library says why, the member only that it failed.
    return null;
  }
}

/**
 * Checks an answer to authentication options against the stored passkey; the counter to keep,
 * or null when not accepted (a bad signature, another origin, a counter gone backwards).
 */
export async function verifyAuthentication(
  config: WebauthnConfig,
  response: Record<string, unknown>,
  challenge: string,
  passkey: PasskeyRecord,
  requireUserVerification: boolean,
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: config.origins,
      expectedRPID: config.rpId,
      requireUserVerification,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

/** The credential id an answer names (its `id`), or null. */
export const credentialIdOf = (response: Record<string, unknown>): string | null =>
  typeof response.id === 'string' && response.id.length > 0 && response.id.length <= 1400
    ? response.id
    : null;
