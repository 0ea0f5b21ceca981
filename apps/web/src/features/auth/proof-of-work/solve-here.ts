import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { ProofOfWorkChallenge, ProofOfWorkSolution } from '@app/contracts';

/** Solves a challenge on this thread: where workers are not available (the unit tests' DOM). */
export async function solveHere(challenge: ProofOfWorkChallenge): Promise<ProofOfWorkSolution> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return { counter: solution.counter, derivedKey: solution.derivedKey };
}
