import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { ProofOfWorkChallenge, ProofOfWorkSolution } from '@app/contracts';

// Solves one proof-of-work challenge off the page's thread (decision 0050): the browser's own
// PBKDF2 (Web Crypto), as altcha-lib's solver asks it. Loaded from the app's origin, so the
// Content-Security-Policy's 'self' covers it.

type Answer = { solution: ProofOfWorkSolution | null } | { error: string };

self.onmessage = async (event: MessageEvent<ProofOfWorkChallenge>) => {
  let answer: Answer;
  try {
    const solution = await solveChallenge({ challenge: event.data, deriveKey });
    answer = {
      solution: solution ? { counter: solution.counter, derivedKey: solution.derivedKey } : null,
    };
  } catch (error) {
    answer = {
      error: error instanceof Error ? error.message : 'the challenge could not be solved',
    };
  }
  self.postMessage(answer);
};
