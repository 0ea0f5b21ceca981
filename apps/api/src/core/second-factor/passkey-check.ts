import type { WebauthnPurpose } from '@app/contracts';
import type { WebauthnConfig } from '../../config/webauthn.ts';
import type { Executor } from '../../db/client.ts';
import { findPasskeyByCredential, touchPasskey, type PasskeyRecord } from './passkeys.ts';
import { credentialIdOf, useChallenge, verifyAuthentication } from './webauthn.ts';

/**
 * Checks a passkey's answer to options issued for `purpose`: the challenge (used up here), the
 * credential (the member's own when a member is expected), and the signature. On success the
 * passkey's counter and last use are kept, and it is answered; null when anything failed.
 */
export async function acceptPasskeyAnswer(
  db: Executor,
  config: WebauthnConfig,
  input: {
    response: Record<string, unknown>;
    purpose: WebauthnPurpose;
    /** The member the options were for; null for a sign-in by passkey alone. */
    memberId: string | null;
  },
  now: Date,
): Promise<PasskeyRecord | null> {
  const challenge = await useChallenge(
    db,
    input.response,
    { purpose: input.purpose, memberId: input.memberId },
    now,
  );
  const credentialId = credentialIdOf(input.response);
  if (!challenge || !credentialId) return null;
  const passkey = await findPasskeyByCredential(db, credentialId);
  if (!passkey || (input.memberId && passkey.memberId !== input.memberId)) return null;
  // Alone, a passkey is both factors: it must have checked the person (a PIN, a fingerprint).
  const counter = await verifyAuthentication(
    config,
    input.response,
    challenge,
    passkey,
    input.memberId === null,
  );
  if (counter === null) return null;
  await touchPasskey(db, passkey.id, counter, now);
  return passkey;
}
