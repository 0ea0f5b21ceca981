import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  PROOF_OF_WORK_FIELD,
  PROOF_OF_WORK_PATH,
  PROOF_OF_WORK_REQUIRED,
  proofOfWorkChallengeData,
  type ProofOfWorkChallenge,
  type ProofOfWorkRequired,
} from '@app/contracts';
import type { Executor } from '../db/client.ts';
import { proofOfWorkSpent } from '../db/schema/members.ts';
import { HOUR_MS, MINUTE_MS } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { sha256 } from '../lib/secrets.ts';
import { countFailures, recordFailure } from './login-throttle.ts';
import { readProofOfWorkSettings } from './platform-settings.ts';

// The proof-of-work challenge (decision 0050), ALTCHA v2 made and checked by altcha-lib: the
// server picks a secret counter from 0 to MAX_COUNTER and signs the first half of the key that
// PBKDF2-SHA-256 with COST iterations derives from it; the client tries counters until a key
// starts so. On average it tries half the counters (MAX_COUNTER/2 × COST iterations, about
// 125,000: some 25 ms on a laptop, a few tenths of a second on a cheap phone, and the same
// CPU to a bot per try). Checking costs the server one HMAC: the key's signature was made with
// the challenge. Each solved challenge is taken once (proof_of_work_spent).

export const PROOF_OF_WORK_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per counter tried. */
export const PROOF_OF_WORK_COST = 1_000;
/** The counter is drawn from 0 to this, so at most this many + 1 tries, half on average. */
export const PROOF_OF_WORK_MAX_COUNTER = 250;
/** How long a challenge can be solved and sent: long enough to fill in the registration form. */
export const PROOF_OF_WORK_TTL_MS = 20 * MINUTE_MS;

/** The API path of GET auth/proof-of-work, where a PROOF_OF_WORK_REQUIRED answer sends the client. */
const CHALLENGE_URL = `/api/v1/${PROOF_OF_WORK_PATH}`;

/** The two HMAC secrets altcha-lib takes (the challenge's, the derived key's), from one key. */
const secretsOf = (key: Buffer) => ({
  challenge: createHmac('sha256', key).update('proof-of-work challenge').digest('base64'),
  derivedKey: createHmac('sha256', key).update('proof-of-work derived key').digest('base64'),
});

/** The key, or the 503 of a production server started without PROOF_OF_WORK_KEY. */
function requireKey(key: Buffer | null): Buffer {
  if (!key)
    throw new AppError(
      'UNAVAILABLE',
      'The robot check is not available on this server. Please contact support.',
    );
  return key;
}

/** A new signed challenge, ending PROOF_OF_WORK_TTL_MS from `now` (the server's clock). */
export async function newProofOfWorkChallenge(
  key: Buffer | null,
  now: Date,
): Promise<ProofOfWorkChallenge> {
  const secrets = secretsOf(requireKey(key));
  const challenge = await createChallenge({
    algorithm: PROOF_OF_WORK_ALGORITHM,
    cost: PROOF_OF_WORK_COST,
    counter: randomInt(0, PROOF_OF_WORK_MAX_COUNTER + 1),
    deriveKey,
    // The end is ours, signed in the challenge's data and read with the server's clock:
    // altcha-lib's own expiresAt is checked against the wall clock.
    data: { expires: Math.floor((now.getTime() + PROOF_OF_WORK_TTL_MS) / 1000) },
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.derivedKey,
  });
  return proofOfWorkChallengeData.parse(challenge);
}

type Payload = { challenge: Challenge; solution: { counter: number; derivedKey: string } };

/** The payload's challenge and solution as sent (unchanged: the signature covers them), or null. */
function decodePayload(payload: string): Payload | null {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (!decoded || typeof decoded !== 'object') return null;
    const { challenge, solution } = decoded as Partial<Payload>;
    if (!proofOfWorkChallengeData.safeParse(challenge).success) return null;
    if (!solution || typeof solution !== 'object') return null;
    return { challenge: challenge as Challenge, solution };
  } catch {
    return null;
  }
}

export type ProofOfWorkCheck = 'ok' | 'missing' | 'invalid';

/**
 * Checks a solved challenge and spends it: `ok` once for each challenge the server signed that
 * was solved and has not ended; `invalid` for a forged, altered, unsolved or ended one, and for
 * one already taken (in the same transaction as the caller's work, or not).
 */
export async function redeemProofOfWork(
  db: Executor,
  key: Buffer | null,
  payload: string | undefined,
  now: Date,
): Promise<ProofOfWorkCheck> {
  if (!payload) return 'missing';
  if (!key) return 'invalid';
  const decoded = decodePayload(payload);
  if (!decoded) return 'invalid';
  const expires = new Date(
    proofOfWorkChallengeData.parse(decoded.challenge).parameters.data.expires * 1000,
  );
  if (expires.getTime() <= now.getTime()) return 'invalid';
  const secrets = secretsOf(key);
  const result = await verifySolution({
    challenge: decoded.challenge,
    solution: decoded.solution,
    deriveKey,
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.derivedKey,
  });
  if (!result.verified || !decoded.challenge.signature) return 'invalid';
  const spent = await db
    .insert(proofOfWorkSpent)
    .values({ challengeHash: sha256(decoded.challenge.signature), expiresAt: expires })
    .onConflictDoNothing()
    .returning({ challengeHash: proofOfWorkSpent.challengeHash });
  return spent.length > 0 ? 'ok' : 'invalid';
}

/** The 428 that asks for a solved challenge, and says where to get one. */
export function proofOfWorkRequired(): AppError {
  const data: ProofOfWorkRequired = { challengeUrl: CHALLENGE_URL, field: PROOF_OF_WORK_FIELD };
  return new AppError('PROOF_OF_WORK_REQUIRED', PROOF_OF_WORK_REQUIRED, {}, data);
}

/** Spends the request's solved challenge, or throws PROOF_OF_WORK_REQUIRED. */
export async function requireProofOfWork(
  db: Executor,
  key: Buffer | null,
  payload: string | undefined,
  now: Date,
): Promise<void> {
  if ((await redeemProofOfWork(db, key, payload, now)) !== 'ok') throw proofOfWorkRequired();
}

/** Where a client's volume of a request is counted: per address, in an hour. */
export const VOLUME_WINDOW_MS = HOUR_MS;

/**
 * Lets a registration or a reset request through, asking for a solved challenge once the
 * address has made `perAddress` of them in the hour, or always when an operator set it so
 * (decision 0050). Every request let through is counted, whatever comes of it.
 */
export async function admitByVolume(
  db: Executor,
  request: {
    /** The counter's key, e.g. `register:ip:<address>`. */
    key: string;
    perAddress: number;
    proofOfWorkKey: Buffer | null;
    payload: string | undefined;
  },
  now: Date,
): Promise<void> {
  const counter = { key: request.key, windowMs: VOLUME_WINDOW_MS };
  const made = await countFailures(db, [counter], now);
  const settings = await readProofOfWorkSettings(db);
  if (settings.mode === 'always' || (made.get(counter.key) ?? 0) >= request.perAddress)
    await requireProofOfWork(db, request.proofOfWorkKey, request.payload, now);
  await recordFailure(db, [counter], now);
}
