import type { Executor } from '../db/client.ts';
import { clearFailures, findExceeded, recordFailure, throttled } from './login-throttle.ts';

/** A secret checked on a signed-in screen, counted under one key. */
export type CountedCheck = {
  /** The throttle key: whose tries these are (e.g. an operator's second-factor codes). */
  key: string;
  /** Wrong tries allowed in the throttle's window. */
  limit: number;
  /** What the 429 says was too many ("Too many wrong codes"). */
  tooMany: string;
  /** The answer to a wrong one (a 422 on its field). */
  refusal: () => Error;
};

/**
 * Checks a secret typed on a signed-in screen (a current password, a second-factor code): 429
 * once `limit` wrong ones are in the window, the refusal when wrong; a right one clears the count. `accepted` runs only when the limit is not reached, so a used-up limit spends nothing.
 */
export async function countedCheck(
  db: Executor,
  check: CountedCheck,
  accepted: () => Promise<boolean>,
  now: Date,
): Promise<void> {
  const exceeded = await findExceeded(db, [{ key: check.key, limit: check.limit }], now);
  if (exceeded) throw throttled(check.tooMany, exceeded.retryAfterMs);
  if (!(await accepted())) {
    await recordFailure(db, [check.key], now);
    throw check.refusal();
  }
  await clearFailures(db, check.key);
}
