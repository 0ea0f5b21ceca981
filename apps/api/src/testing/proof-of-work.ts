import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { encodeProofOfWork, proofOfWorkChallengeData } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { call } from './requests.ts';

/**
 * A challenge from GET auth/proof-of-work, solved with altcha-lib's own solver (some 125,000
 * PBKDF2 iterations on average: tens of milliseconds), as the body's `proofOfWork`.
 */
export async function solvedProofOfWork(app: FastifyInstance): Promise<string> {
  const answer = await call(app, 'GET', 'auth/proof-of-work');
  if (answer.status !== 200) throw new Error(`no challenge: ${answer.status}`);
  const challenge = proofOfWorkChallengeData.parse(answer.body.data);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return encodeProofOfWork(challenge, solution);
}
