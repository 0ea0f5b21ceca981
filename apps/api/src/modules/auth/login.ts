import { INVALID_CREDENTIALS, type LoginData } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import { findMemberByLogin, findMemberView } from './members.ts';
import { createSession } from '../../core/sessions/member-sessions.ts';
import {
  clearFailures,
  findExceeded,
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

/**
 * Signs a member in. Whether the id exists, the password is wrong or the address is throttled
 * for that id, an unknown id gets exactly the same answers as a known one.
 */
export async function login(
  db: Db,
  input: LoginInput,
  now: Date,
  failuresPerIp: number,
): Promise<LoginData> {
  const accountKey = `login:account-ip:${input.loginId}:${input.ip}`;
  const rules: ThrottleRule[] = [
    { key: accountKey, limit: FAILURES_PER_ACCOUNT_AND_IP },
    { key: `login:ip:${input.ip}`, limit: failuresPerIp },
  ];
  const exceeded = await findExceeded(db, rules, now);
  if (exceeded) {
    const minutes = Math.max(1, Math.ceil(exceeded.retryAfterMs / 60_000));
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
      {
        'retry-after': String(Math.ceil(exceeded.retryAfterMs / 1000)),
      },
    );
  }

  const member = await findMemberByLogin(db, input.loginId);
  const passwordOk = member
    ? await verifyPassword(member.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!member || !passwordOk) {
    await recordFailure(
      db,
      rules.map((rule) => rule.key),
      now,
    );
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  if (member.status !== 'active') {
    throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked. Please contact support.');
  }
  await clearFailures(db, accountKey);
  const accessToken = await createSession(db, {
    memberId: member.id,
    now,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  const user = await findMemberView(db, member.id);
  if (!user) throw new Error('member vanished during sign-in');
  return { access_token: accessToken, user };
}
