import { HOUR_MS } from '../../lib/clock.ts';
import type { Executor } from '../../db/client.ts';
import { withTransaction } from '../../ledger/index.ts';
import { countFailures, recordFailure, type ThrottleKey } from '../../core/login-throttle.ts';
import { queueSecurityNotice } from '../../core/member-mails.ts';
import { redeemProofOfWork } from '../../core/proof-of-work.ts';
import { notifySecurity } from '../../core/security-notices.ts';
import type { Db } from '../../db/client.ts';

// The sign-in's answer to guessing from many addresses (decision 0050): failures count per
// account and address (decision 0044) and also per account from anywhere. Past a few on one
// account and address, or past the account's threshold from anywhere, a sign-in must carry a
// solved proof-of-work before its password is even checked; past the account's threshold, the
// right password also needs a second factor (the authenticator, or a code emailed to the member).
// Nothing here locks the account: the member with the password, the code and a solved challenge
// always gets in.

/** How long the failures on an account from anywhere count. */
export const ACCOUNT_WINDOW_MS = HOUR_MS;

export type SignInGuardOptions = {
  /** Proof-of-work's key (null: production without PROOF_OF_WORK_KEY). */
  key: Buffer | null;
  /** Failures per account and address from which a proof-of-work is asked for. */
  signInFailures: number;
  /** Failures per account from anywhere past which a proof-of-work and a second factor are. */
  accountFailures: number;
};

/**
 * The counter of an account's failures from every address. An id that matches no member counts
 * under its spelling as the lookup reads it, so it answers exactly as a member's would.
 */
export const accountWideKey = (
  account: { memberId: string } | { unknown: string },
): ThrottleKey => ({
  key:
    'memberId' in account
      ? `login:account:member:${account.memberId}`
      : `login:account:unknown:${account.unknown}`,
  windowMs: ACCOUNT_WINDOW_MS,
});

export type SignInGuard = {
  /** The account has passed its threshold from anywhere: a second factor is needed too. */
  accountWide: boolean;
  /** A proof-of-work was needed and the request had none that could be taken. */
  refused: boolean;
};

/**
 * Whether this sign-in may go on to its password check: with no proof-of-work needed, or with
 * one solved and spent now. A proof sent when none is needed is neither checked nor spent.
 */
export async function guardSignIn(
  db: Executor,
  keys: { account: string; wide: ThrottleKey },
  payload: string | undefined,
  options: SignInGuardOptions,
  now: Date,
): Promise<SignInGuard> {
  const counts = await countFailures(db, [{ key: keys.account }, keys.wide], now);
  const accountWide = (counts.get(keys.wide.key) ?? 0) >= options.accountFailures;
  const needed = accountWide || (counts.get(keys.account) ?? 0) >= options.signInFailures;
  // Production without PROOF_OF_WORK_KEY can give no challenge: asking for one would lock the
  // account out, so the sign-in goes on (the second factor past the threshold still stands).
  if (!needed || !options.key) return { accountWide, refused: false };
  const proof = await redeemProofOfWork(db, options.key, payload, now);
  return { accountWide, refused: proof !== 'ok' };
}

/**
 * Counts a failed sign-in against its keys. The one failure that brings an account to its
 * threshold from anywhere tells the member, in the app and by email: once per window, not per
 * failure. Returns the mails written, to send after the answer.
 */
export async function countSignInFailure(
  db: Db,
  keys: { rules: string[]; wide: ThrottleKey },
  member: { id: string; email: string } | null,
  options: SignInGuardOptions,
  now: Date,
): Promise<string[]> {
  const counts = await recordFailure(db, [...keys.rules, keys.wide], now);
  if (!member || counts.get(keys.wide.key) !== options.accountFailures) return [];
  return withTransaction(db, async (tx) => {
    await notifySecurity(
      tx,
      member.id,
      'Many wrong passwords were tried on your account from several places. For now, signing in needs a robot check and a code we email you (or your authenticator app). Change your password if it may be known.',
      now,
    );
    return [await queueSecurityNotice(tx, member.email, { kind: 'sign-in-guessing' }, now)];
  });
}
