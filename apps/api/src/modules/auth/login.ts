import { INVALID_CREDENTIALS, type LoginData, type SignInFailure } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import { withTransaction } from '../../ledger/index.ts';
import { notifySecurity } from '../../core/security-notices.ts';
import { recordSignInAttempt, type SignInAttempt } from '../../core/sign-in-history.ts';
import { findMemberByLogin, findMemberView } from './members.ts';
import { createSession } from '../../core/sessions/member-sessions.ts';
import { describeDevice, recordSignInDevice } from './devices.ts';
import { queueSecurityNotice } from '../../core/member-mails.ts';
import {
  clearFailures,
  findExceeded,
  throttled,
  recordFailure,
  type ThrottleRule,
} from '../../core/login-throttle.ts';

/** Wrong passwords allowed per (account, address) in a window: the real member elsewhere is never locked out. */
const FAILURES_PER_ACCOUNT_AND_IP = 5;

export type LoginInput = {
  loginId: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
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
): Promise<SignedIn> {
  const member = await findMemberByLogin(db, input.loginId);
  // Failures count per account, whichever identifier was typed (the Registered ID or the email):
  // two spellings of one account share its tries. An id that matches no one counts under its
  // spelling, normalised as the lookup reads it, so it is throttled exactly like a real one.
  const account = member ? `member:${member.id}` : `unknown:${input.loginId.trim().toLowerCase()}`;
  const accountKey = `login:account-ip:${account}:${input.ip}`;
  const rules: ThrottleRule[] = [
    { key: accountKey, limit: FAILURES_PER_ACCOUNT_AND_IP },
    { key: `login:ip:${input.ip}`, limit: failuresPerIp },
  ];
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

  const passwordOk = member
    ? await verifyPassword(member.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!member || !passwordOk) {
    await recordFailure(
      db,
      rules.map((rule) => rule.key),
      now,
    );
    if (member) await recordSignInAttempt(db, attempt(member.id, 'wrong-password'));
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  if (member.status !== 'active') {
    await recordSignInAttempt(db, attempt(member.id, 'account-blocked'));
    throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked. Please contact support.');
  }
  await clearFailures(db, accountKey);
  // The session, the device and the notice about it stand or fall together.
  const { accessToken, mailIds } = await withTransaction(db, async (tx) => {
    const token = await createSession(tx, {
      memberId: member.id,
      now,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    await recordSignInAttempt(tx, attempt(member.id, null));
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
