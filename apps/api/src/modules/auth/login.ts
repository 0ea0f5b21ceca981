import {
  INVALID_CREDENTIALS,
  type LoginData,
  type SignInFailure,
  type SignInMethod,
} from '@app/contracts';
import { openChallenge } from '../../core/second-factor/challenges.ts';
import { secondFactorMethodsOf } from '../../core/second-factor/factors.ts';
import { requireSealingKeys, secondFactorRequired } from '../../core/second-factor/totp.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SealingKeys } from '../../lib/sealed-secrets.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import { withTransaction } from '../../ledger/index.ts';
import { notifySecurity } from '../../core/security-notices.ts';
import { recordSignInAttempt, type SignInAttempt } from '../../core/sign-in-history.ts';
import { findMemberByLogin, findMemberView } from './members.ts';
import { inactiveAccountRefusal } from './inactive-account.ts';
import { createSession } from '../../core/sessions/member-sessions.ts';
import { describeDevice, recordSignInDevice } from './devices.ts';
import { openEmailedSignInStep } from '../../core/second-factor/email-sign-in-code.ts';
import { proofOfWorkRequired } from '../../core/proof-of-work.ts';
import {
  accountWideKey,
  countSignInFailure,
  guardSignIn,
  type SignInGuardOptions,
} from './sign-in-guard.ts';
import { queueSecurityNotice } from '../../core/member-mails.ts';
import {
  clearFailures,
  findExceeded,
  throttled,
  type ThrottleRule,
} from '../../core/login-throttle.ts';

/**
 * Wrong passwords and second-factor codes allowed per (account, address) in a window: the real
 * member elsewhere is never locked out.
 */
const FAILURES_PER_ACCOUNT_AND_IP = 5;

/** The sign-in's two limits: per account and address, and per address. */
export const signInRules = (
  keys: { account: string; ip: string },
  failuresPerIp: number,
): ThrottleRule[] => [
  { key: keys.account, limit: FAILURES_PER_ACCOUNT_AND_IP },
  { key: keys.ip, limit: failuresPerIp },
];

export type LoginInput = {
  loginId: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
  /** A solved proof-of-work challenge, needed after failures (decision 0050). */
  proofOfWork?: string | undefined;
};

export type SignedIn = {
  data: LoginData;
  /** Mails written with the sign-in (a new device's notice), to send once committed. */
  mailIds: string[];
};

/**
 * Signs a member in. Whether the id exists, the password is wrong or the address is throttled
 * for that id, an unknown id gets exactly the same answers as a known one. Every attempt on a
 * known account goes into its sign-in history (decision 0044).
 */
export async function login(
  db: Db,
  input: LoginInput,
  now: Date,
  failuresPerIp: number,
  secondFactorKeys: SealingKeys | null,
  guard: SignInGuardOptions,
  /** Sends mails written on a refusal (the notice of guessing, an emailed code) after it. */
  deliver: (mailIds: string[]) => void,
): Promise<SignedIn> {
  const member = await findMemberByLogin(db, input.loginId);
  // Failures count per account, whichever identifier was typed (the Registered ID or the email):
  // two spellings of one account share its tries. An id that matches no one counts under its
  // spelling, normalised as the lookup reads it, so it is throttled exactly like a real one.
  const keys = member
    ? memberSignInKeys(member.id, input.ip)
    : {
        account: `login:account-ip:unknown:${input.loginId.trim().toLowerCase()}:${input.ip}`,
        ip: `login:ip:${input.ip}`,
      };
  const accountKey = keys.account;
  const rules = signInRules(keys, failuresPerIp);
  // Failures on the account from every address (decision 0050), known or not alike.
  const wide = accountWideKey(
    member ? { memberId: member.id } : { unknown: input.loginId.trim().toLowerCase() },
  );
  const attempt = (memberId: string, failure: SignInFailure | null): SignInAttempt => ({
    memberId,
    at: now,
    ip: input.ip,
    userAgent: input.userAgent,
    method: 'password',
    failure,
  });
  const exceeded = await findExceeded(db, rules, now);
  if (exceeded) {
    if (member) await recordSignInAttempt(db, attempt(member.id, 'too-many-attempts'));
    throw throttled('Too many failed sign-in attempts', exceeded.retryAfterMs);
  }
  // After failures, the password is checked only with a solved proof-of-work (decision 0050).
  const guarded = await guardSignIn(
    db,
    { account: accountKey, wide },
    input.proofOfWork,
    guard,
    now,
  );
  if (guarded.refused) {
    if (member) await recordSignInAttempt(db, attempt(member.id, 'proof-of-work-required'));
    throw proofOfWorkRequired();
  }

  const passwordOk = member
    ? await verifyPassword(member.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!member || !passwordOk) {
    deliver(
      await countSignInFailure(
        db,
        { rules: rules.map((rule) => rule.key), wide },
        member,
        guard,
        now,
      ),
    );
    if (member) await recordSignInAttempt(db, attempt(member.id, 'wrong-password'));
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  const inactive = inactiveAccountRefusal(member.status);
  if (inactive) {
    await recordSignInAttempt(db, attempt(member.id, inactive.failure));
    throw inactive.error;
  }
  const methods = await secondFactorMethodsOf(db, member.id);
  if (methods.length > 0) {
    // The password was right, but the sign-in is not done: its tries are not cleared until the
    // second step succeeds, so a guesser of codes is throttled like a guesser of passwords.
    if (methods.includes('totp')) requireSealingKeys(secondFactorKeys);
    const challenge = await openChallenge(db, member.id, now);
    throw secondFactorRequired({
      challenge: challenge.token,
      methods,
      expiresAt: challenge.expiresAt.toISOString(),
    });
  }
  if (guarded.accountWide) {
    // Many failures from anywhere: a member with no factor of their own proves the mailbox.
    const step = await openEmailedSignInStep(db, member, now);
    deliver(step.mailIds);
    throw step.error;
  }
  await clearFailures(db, accountKey);
  return openMemberSession(db, { id: member.id, email: member.email }, input, now, 'password');
}

/** The throttle keys of a sign-in by a known member from an address (decision 0044). */
export const memberSignInKeys = (memberId: string, ip: string) => ({
  account: `login:account-ip:member:${memberId}:${ip}`,
  ip: `login:ip:${ip}`,
});

/**
 * Opens the session of a member who proved who they are: the session, its line in the sign-in
 * history, the device and the notice about a new one stand or fall together.
 */
export async function openMemberSession(
  db: Db,
  member: { id: string; email: string },
  input: Omit<LoginInput, 'loginId' | 'password'>,
  now: Date,
  method: SignInMethod,
): Promise<SignedIn> {
  const { accessToken, mailIds } = await withTransaction(db, async (tx) => {
    const token = await createSession(tx, {
      memberId: member.id,
      now,
      ip: input.ip,
      userAgent: input.userAgent,
      // An emailed code proves the mailbox, not a factor: it never counts for step-up (0050).
      provedSecondFactor: method !== 'password' && method !== 'email-code',
    });
    await recordSignInAttempt(tx, {
      memberId: member.id,
      at: now,
      ip: input.ip,
      userAgent: input.userAgent,
      method,
      failure: null,
    });
    const isNew = await recordSignInDevice(tx, member.id, input.userAgent, now);
    if (!isNew) return { accessToken: token, mailIds: [] };
    const device = describeDevice(input.userAgent);
    await notifySecurity(
      tx,
      member.id,
      `New sign-in to your account from ${device}. If this wasn't you, change your password.`,
      now,
    );
    const notice = { kind: 'new-sign-in', at: now, device, ip: input.ip } as const;
    return {
      accessToken: token,
      mailIds: [await queueSecurityNotice(tx, member.email, notice, now)],
    };
  });
  const user = await findMemberView(db, member.id);
  if (!user) throw new Error('member vanished during sign-in');
  return { data: { access_token: accessToken, user }, mailIds };
}
