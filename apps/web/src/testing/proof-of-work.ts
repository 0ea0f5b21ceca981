import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ProofOfWorkChallenge } from '@app/contracts';
import { http } from 'msw';
import { apiUrl, ok } from './handlers.ts';

// GET auth/proof-of-work for the unit tests: a real ALTCHA challenge (altcha-lib, as the API
// makes it) at a low cost, so the app's solver runs for real in a few milliseconds. The API's
// own tests check signatures, replays and ends; here it is the forms' behaviour that counts.

export async function testChallenge(): Promise<ProofOfWorkChallenge> {
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 10,
    counter: 5,
    deriveKey,
    data: { expires: Math.floor(Date.now() / 1000) + 20 * 60 },
    hmacSignatureSecret: 'web unit tests',
    hmacKeySignatureSecret: 'web unit tests, derived key',
  });
  return challenge as ProofOfWorkChallenge;
}

/** Answers every challenge request with a new test challenge; counts them. */
export function serveChallenges() {
  const served = { count: 0 };
  const handler = http.get(apiUrl('auth/proof-of-work'), async () => {
    served.count += 1;
    return ok(await testChallenge());
  });
  return { handler, served };
}

/** The default answers: a challenge for every form that fetches one; the console's setting. */
export const proofOfWorkHandlers = [
  serveChallenges().handler,
  http.get(apiUrl('operator/settings/proof-of-work'), () => ok({ mode: 'adaptive' })),
];
