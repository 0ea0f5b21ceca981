import {
  encodeProofOfWork,
  PROOF_OF_WORK_PATH,
  proofOfWorkChallengeData,
  type ProofOfWorkChallenge,
  type ProofOfWorkSolution,
} from '@app/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** A solved challenge, ready to send, and when its challenge ends (ms since 1970). */
export type SolvedProof = { payload: string; endsAt: number };

function solveInWorker(challenge: ProofOfWorkChallenge): Promise<ProofOfWorkSolution> {
  const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<ProofOfWorkSolution>((resolve, reject) => {
    worker.onmessage = (
      event: MessageEvent<{ solution: ProofOfWorkSolution | null } | { error: string }>,
    ) => {
      const answer = event.data;
      if ('solution' in answer && answer.solution) resolve(answer.solution);
      else reject(new Error('error' in answer ? answer.error : 'the challenge was not solved'));
    };
    worker.onerror = () => reject(new Error('the robot check could not run'));
    worker.postMessage(challenge);
  }).finally(() => worker.terminate());
}

/** Off the page's thread where the browser can; on it otherwise (loaded only then). */
async function solve(challenge: ProofOfWorkChallenge): Promise<ProofOfWorkSolution> {
  if (typeof Worker === 'undefined') return (await import('./solve-here.ts')).solveHere(challenge);
  return solveInWorker(challenge);
}

/** Fetches a challenge from the API and solves it (decision 0050). */
export async function fetchAndSolve(): Promise<SolvedProof> {
  const { data: challenge } = await apiClient.get(PROOF_OF_WORK_PATH, {
    schema: proofOfWorkChallengeData,
    auth: false,
    silent: true,
  });
  const solution = await solve(challenge);
  return {
    payload: encodeProofOfWork(challenge, solution),
    endsAt: challenge.parameters.data.expires * 1000,
  };
}
