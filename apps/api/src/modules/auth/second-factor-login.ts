import { SECOND_FACTOR_CHALLENGE_ENDED, SECOND_FACTOR_CODE_WRONG } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import {
  clearFailures,
  findExceeded,
  recordFailure,
  throttled,
} from '../../core/login-throttle.ts';
import {
  countChallengeMiss,
  endChallenge,
  findLiveChallenge,
} from '../../core/second-factor/challenges.ts';
import { acceptSecondFactorCode, methodOfCode } from '../../core/second-factor/check-code.ts';
import { recordSignInAttempt } from '../../core/sign-in-history.ts';
import { memberSignInKeys, openMemberSession, signInRules, type SignedIn } from './login.ts';

export type SecondStepInput = {
  challenge: string;
  /** Normalised by the contracts: 6 digits, or a recovery code without its hyphen. */
  code: string;
  ip: string;
  userAgent: string | undefined;
};

/**
 * The second step of a sign-in (decision 0045): the challenge the password step gave and a code
 * from the authenticator app or a recovery code. A wrong code counts against the same limits as a
 * wrong password (per account and address, per address), and a challenge takes 5 at most.
 */
export async function completeSecondFactor(
  db: Db,
  input: SecondStepInput,
  now: Date,
  failuresPerIp: number,
  secondFactorKey: Buffer | null,
): Promise<SignedIn> {
  const challenge = await findLiveChallenge(db, input.challenge, now);
  if (!challenge) throw new AppError('UNAUTHORIZED', SECOND_FACTOR_CHALLENGE_ENDED);
  const [member] = await db
    .select({ id: members.id, email: members.email, status: members.status })
    .from(members)
    .where(eq(members.id, challenge.memberId));
  if (!member) throw new AppError('UNAUTHORIZED', SECOND_FACTOR_CHALLENGE_ENDED);
  const method = methodOfCode(input.code);
  const attempt = {
    memberId: member.id,
    at: now,
    ip: input.ip,
    userAgent: input.userAgent,
    method,
  };
  if (member.status !== 'active') {
    await recordSignInAttempt(db, { ...attempt, failure: 'account-blocked' });
    throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked. Please contact support.');
  }
  const keys = memberSignInKeys(member.id, input.ip);
  const rules = signInRules(keys, failuresPerIp);
  const exceeded = await findExceeded(db, rules, now);
  if (exceeded) {
    await recordSignInAttempt(db, { ...attempt, failure: 'too-many-attempts' });
    throw throttled('Too many failed sign-in attempts', exceeded.retryAfterMs);
  }
  if (!(await acceptSecondFactorCode(db, member.id, input.code, secondFactorKey, now))) {
    await recordFailure(db, [keys.account, keys.ip], now);
    await countChallengeMiss(db, challenge.id, now);
    await recordSignInAttempt(db, { ...attempt, failure: 'wrong-code' });
    throw fieldError('code', SECOND_FACTOR_CODE_WRONG);
  }
  // Two requests with the same right code: the one that ends the challenge signs in.
  if (!(await endChallenge(db, challenge.id, now)))
    throw new AppError('UNAUTHORIZED', SECOND_FACTOR_CHALLENGE_ENDED);
  await clearFailures(db, keys.account);
  return openMemberSession(db, member, input, now, method);
}
