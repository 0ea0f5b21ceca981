import {
  PASSKEY_NOT_ACCEPTED,
  SECOND_FACTOR_CHALLENGE_ENDED,
  SECOND_FACTOR_CODE_WRONG,
  type SignInFailure,
  type SignInMethod,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { WebauthnConfig } from '../../config/webauthn.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { SealingKeys } from '../../lib/sealed-secrets.ts';
import { inactiveAccountRefusal } from './inactive-account.ts';
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
import { acceptPasskeyAnswer } from '../../core/second-factor/passkey-check.ts';
import { listPasskeys } from '../../core/second-factor/passkeys.ts';
import { authenticationOptions, requireWebauthn } from '../../core/second-factor/webauthn.ts';
import { recordSignInAttempt } from '../../core/sign-in-history.ts';
import {
  acceptEmailedSignInCode,
  isEmailedSignInCode,
} from '../../core/second-factor/email-sign-in-code.ts';
import { memberSignInKeys, openMemberSession, signInRules, type SignedIn } from './login.ts';

type Caller = { challenge: string; ip: string; userAgent: string | undefined };

export type SecondStepInput = Caller & {
  /** Normalised by the contracts: 6 digits, or a recovery code without its hyphen. */
  code: string;
};

/** How one kind of second step proves the factor, and what its refusal says. */
type SecondStepCheck = {
  method: SignInMethod;
  accept: (memberId: string) => Promise<boolean>;
  failure: SignInFailure;
  refusal: () => Error;
};

const challengeEnded = () => new AppError('UNAUTHORIZED', SECOND_FACTOR_CHALLENGE_ENDED);

/**
 * The second step of a sign-in (decisions 0045, 0048): the challenge the password step gave and
 * a proof of the second factor. A failed proof counts against the same limits as a wrong
 * password (per account and address, per address), and a challenge takes 5 at most.
 */
async function finishSecondStep(
  db: Db,
  input: Caller,
  check: SecondStepCheck,
  now: Date,
  failuresPerIp: number,
): Promise<SignedIn> {
  const challenge = await findLiveChallenge(db, input.challenge, now);
  if (!challenge) throw challengeEnded();
  const [member] = await db
    .select({ id: members.id, email: members.email, status: members.status })
    .from(members)
    .where(eq(members.id, challenge.memberId));
  if (!member) throw challengeEnded();
  const attempt = {
    memberId: member.id,
    at: now,
    ip: input.ip,
    userAgent: input.userAgent,
    method: check.method,
  };
  const inactive = inactiveAccountRefusal(member.status);
  if (inactive) {
    await recordSignInAttempt(db, { ...attempt, failure: inactive.failure });
    throw inactive.error;
  }
  const keys = memberSignInKeys(member.id, input.ip);
  const rules = signInRules(keys, failuresPerIp);
  const exceeded = await findExceeded(db, rules, now);
  if (exceeded) {
    await recordSignInAttempt(db, { ...attempt, failure: 'too-many-attempts' });
    throw throttled('Too many failed sign-in attempts', exceeded.retryAfterMs);
  }
  if (!(await check.accept(member.id))) {
    await recordFailure(db, [keys.account, keys.ip], now);
    await countChallengeMiss(db, challenge.id, now);
    await recordSignInAttempt(db, { ...attempt, failure: check.failure });
    throw check.refusal();
  }
  // Two requests with the same right proof: the one that ends the challenge signs in.
  if (!(await endChallenge(db, challenge.id, now))) throw challengeEnded();
  await clearFailures(db, keys.account);
  return openMemberSession(db, member, input, now, check.method);
}

/** The second step with a code from the authenticator app or a recovery code. */
export async function completeSecondFactor(
  db: Db,
  input: SecondStepInput,
  now: Date,
  failuresPerIp: number,
  secondFactorKeys: SealingKeys | null,
): Promise<SignedIn> {
  // A member without the authenticator asked for a code was mailed one (decision 0050).
  const live = await findLiveChallenge(db, input.challenge, now);
  if (live && (await isEmailedSignInCode(db, live.memberId, input.code)))
    return finishSecondStep(
      db,
      input,
      {
        method: 'email-code',
        accept: (memberId) => acceptEmailedSignInCode(db, memberId, input.code, now),
        failure: 'wrong-code',
        refusal: () => fieldError('code', SECOND_FACTOR_CODE_WRONG),
      },
      now,
      failuresPerIp,
    );
  return finishSecondStep(
    db,
    input,
    {
      method: methodOfCode(input.code),
      accept: (memberId) => acceptSecondFactorCode(db, memberId, input.code, secondFactorKeys, now),
      failure: 'wrong-code',
      refusal: () => fieldError('code', SECOND_FACTOR_CODE_WRONG),
    },
    now,
    failuresPerIp,
  );
}

/** Options for the second step by passkey: the member's passkeys, for the challenge's member. */
export async function passkeySecondStepOptions(
  db: Db,
  config: WebauthnConfig | null,
  token: string,
  now: Date,
): Promise<Record<string, unknown>> {
  const webauthn = requireWebauthn(config);
  const challenge = await findLiveChallenge(db, token, now);
  if (!challenge) throw challengeEnded();
  const passkeys = await listPasskeys(db, challenge.memberId);
  if (passkeys.length === 0) throw fieldError('challenge', PASSKEY_NOT_ACCEPTED);
  return authenticationOptions(
    db,
    webauthn,
    { memberId: challenge.memberId, purpose: 'second-factor', passkeys },
    now,
  );
}

/** The second step with one of the member's passkeys, answering those options. */
export async function completePasskeySecondStep(
  db: Db,
  config: WebauthnConfig | null,
  input: Caller & { response: Record<string, unknown> },
  now: Date,
  failuresPerIp: number,
): Promise<SignedIn> {
  const webauthn = requireWebauthn(config);
  return finishSecondStep(
    db,
    input,
    {
      method: 'passkey',
      accept: async (memberId) =>
        (await acceptPasskeyAnswer(
          db,
          webauthn,
          { response: input.response, purpose: 'second-factor', memberId },
          now,
        )) !== null,
      failure: 'wrong-passkey',
      refusal: () => fieldError('response', PASSKEY_NOT_ACCEPTED),
    },
    now,
    failuresPerIp,
  );
}
