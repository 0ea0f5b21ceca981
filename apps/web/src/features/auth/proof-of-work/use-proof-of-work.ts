import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/toast.ts';
import { fetchAndSolve, type SolvedProof } from './solve.ts';

// The robot check of registration, a forgotten password and a sign-in after failures (decision
// 0050): a challenge is fetched and solved in the background, so the form never waits for it,
// and sent with the request. The server asks for one only past a volume or after failures; a
// proof it did not ask for is neither checked nor spent.

/** A proof this close to its end is not sent: a new one is solved instead. */
const FRESH_FOR_MS = 60_000;

export type RobotCheckStatus = 'idle' | 'working' | 'ready' | 'failed';

export type ProofOfWork = {
  status: RobotCheckStatus;
  /** Starts solving one in the background, unless one is on its way or ready. */
  prepare: () => void;
  /**
   * A solved challenge for the next request, the one ready or one solved now, and the next one
   * is started; undefined when none could be had (the request goes without: the server may not
   * need one, and says so when it does).
   */
  take: () => Promise<string | undefined>;
};

/** The check of one form; `eager` starts solving as the form appears. */
export function useProofOfWork({ eager }: { eager: boolean }): ProofOfWork {
  const [status, setStatus] = useState<RobotCheckStatus>('idle');
  const pending = useRef<Promise<SolvedProof | null> | null>(null);
  const mounted = useRef(true);

  const start = useCallback(() => {
    setStatus('working');
    const solving = fetchAndSolve().then(
      (proof) => {
        if (mounted.current && pending.current === solving) setStatus('ready');
        return proof;
      },
      () => {
        if (mounted.current && pending.current === solving) setStatus('failed');
        return null;
      },
    );
    pending.current = solving;
    return solving;
  }, []);

  const prepare = useCallback(() => {
    if (!pending.current) void start();
  }, [start]);

  const take = useCallback(async () => {
    let proof = pending.current ? await pending.current : null;
    if (!proof || proof.endsAt - Date.now() < FRESH_FOR_MS) proof = await start();
    // This one goes with the request; the next request gets another.
    pending.current = null;
    if (mounted.current) void start();
    return proof?.payload;
  }, [start]);

  useEffect(() => {
    mounted.current = true;
    if (eager) prepare();
    return () => {
      mounted.current = false;
    };
  }, [eager, prepare]);

  return { status, prepare, take };
}

/** Whether a refusal asks for a robot check: the form solves one and sends again, once. */
export const asksForProofOfWork = (error: unknown) =>
  error instanceof ApiError && error.code === 'PROOF_OF_WORK_REQUIRED';

/**
 * Sends a request with a proof when `withProof` says so, and once more with a new one when the
 * server answers that it needs one (the one sent had ended, or none was sent).
 */
export async function sendWithProof<T>(
  proofOfWork: ProofOfWork,
  withProof: boolean,
  send: (proof: string | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await send(withProof ? await proofOfWork.take() : undefined);
  } catch (error) {
    if (!asksForProofOfWork(error)) throw error;
  }
  try {
    return await send(await proofOfWork.take());
  } catch (error) {
    // Asked again though a new proof was sent (a server that cannot check one): say so.
    if (asksForProofOfWork(error)) notifyError((error as ApiError).message);
    throw error;
  }
}
