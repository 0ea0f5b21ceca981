import { eq } from 'drizzle-orm';
import { PASSKEY_NOT_ACCEPTED } from '@app/contracts';
import type { WebauthnConfig } from '../../config/webauthn.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { fieldError } from '../../lib/errors.ts';
import { inactiveAccountRefusal } from './inactive-account.ts';
import { findExceeded, recordFailure, throttled } from '../../core/login-throttle.ts';
import { acceptPasskeyAnswer } from '../../core/second-factor/passkey-check.ts';
import { findPasskeyByCredential, listPasskeys } from '../../core/second-factor/passkeys.ts';
import { markSecondFactorProved } from '../../core/second-factor/step-up.ts';
import {
  authenticationOptions,
  credentialIdOf,
  requireWebauthn,
} from '../../core/second-factor/webauthn.ts';
import { recordSignInAttempt } from '../../core/sign-in-history.ts';
import { openMemberSession, type SignedIn } from './login.ts';
import { checkCode } from './second-factor.ts';

// A passkey on its own (decision 0048): no id typed, no password. The browser offers the passkeys
// it holds for this site; the answer names its credential, and so its member. It signs in only
// where that member allowed it, and its authenticator must have verified the person (a PIN or a
// fingerprint), which makes it two factors in one device.

/** Options for any of this site's passkeys; the challenge belongs to no member yet. */
export async function passkeySignInOptions(
  db: Db,
  config: WebauthnConfig | null,
  now: Date,
): Promise<Record<string, unknown>> {
  const webauthn = requireWebauthn(config);
  return authenticationOptions(
    db,
    webauthn,
    { memberId: null, purpose: 'passkey-sign-in', passkeys: [] },
    now,
  );
}

/**
 * Signs in with a passkey's answer. Every refusal reads the same, whether the credential is
 * unknown, its member has not allowed sign-in by passkey alone, or the signature is wrong; each
 * counts against the address's sign-in limit, and a known member's against theirs too.
 */
export async function signInWithPasskey(
  db: Db,
  config: WebauthnConfig | null,
  input: { response: Record<string, unknown>; ip: string; userAgent: string | undefined },
  now: Date,
  failuresPerIp: number,
): Promise<SignedIn> {
  const webauthn = requireWebauthn(config);
  const ipKey = `login:ip:${input.ip}`;
  const exceeded = await findExceeded(db, [{ key: ipKey, limit: failuresPerIp }], now);
  if (exceeded) throw throttled('Too many failed sign-in attempts', exceeded.retryAfterMs);
  const credentialId = credentialIdOf(input.response);
  const claimed = credentialId ? await findPasskeyByCredential(db, credentialId) : null;
  const [member] = claimed
    ? await db
        .select({
          id: members.id,
          email: members.email,
          status: members.status,
          passkeySignIn: members.passkeySignIn,
        })
        .from(members)
        .where(eq(members.id, claimed.memberId))
    : [];
  const passkey =
    member?.passkeySignIn &&
    (await acceptPasskeyAnswer(
      db,
      webauthn,
      { response: input.response, purpose: 'passkey-sign-in', memberId: null },
      now,
    ));
  const attempt = { at: now, ip: input.ip, userAgent: input.userAgent, method: 'passkey' } as const;
  if (!member || !passkey) {
    await recordFailure(db, [ipKey], now);
    if (member)
      await recordSignInAttempt(db, { ...attempt, memberId: member.id, failure: 'wrong-passkey' });
    throw fieldError('response', PASSKEY_NOT_ACCEPTED);
  }
  const inactive = inactiveAccountRefusal(member.status);
  if (inactive) {
    await recordSignInAttempt(db, { ...attempt, memberId: member.id, failure: inactive.failure });
    throw inactive.error;
  }
  return openMemberSession(db, member, input, now, 'passkey');
}

/** Step-up options: the member's own passkeys. */
export async function stepUpPasskeyOptions(
  db: Db,
  config: WebauthnConfig | null,
  memberId: string,
  now: Date,
): Promise<Record<string, unknown>> {
  const webauthn = requireWebauthn(config);
  const passkeys = await listPasskeys(db, memberId);
  if (passkeys.length === 0) throw fieldError('response', PASSKEY_NOT_ACCEPTED);
  return authenticationOptions(db, webauthn, { memberId, purpose: 'step-up', passkeys }, now);
}

/** Step-up with a passkey (decision 0047): counted like wrong codes on the same screens. */
export async function stepUpWithPasskey(
  db: Db,
  config: WebauthnConfig | null,
  input: { memberId: string; sessionId: string; response: Record<string, unknown> },
  now: Date,
): Promise<Date> {
  const webauthn = requireWebauthn(config);
  await checkCode(
    db,
    input.memberId,
    async () =>
      (await acceptPasskeyAnswer(
        db,
        webauthn,
        { response: input.response, purpose: 'step-up', memberId: input.memberId },
        now,
      )) !== null,
    now,
    () => fieldError('response', PASSKEY_NOT_ACCEPTED),
  );
  return markSecondFactorProved(db, input, now);
}
