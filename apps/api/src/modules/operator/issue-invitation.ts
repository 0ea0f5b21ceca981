import { OPERATOR_INVITE_TTL_HOURS } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { operatorInvitations } from '../../db/schema/console.ts';
import { createToken, sha256 } from '../../lib/secrets.ts';
import { queueInvitationMail } from './invitation-mail.ts';
import type { Actor } from './staff-actor.ts';

const HOUR_MS = 3_600_000;

/**
 * A fresh one-time invitation link (its token stored hashed), its mail written in the same
 * transaction; returns the mail's id.
 */
export async function issueInvitation(
  tx: Executor,
  invited: { operatorId: string; email: string; publicUrl: string },
  actor: Actor,
  now: Date,
): Promise<string> {
  const token = createToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_INVITE_TTL_HOURS * HOUR_MS);
  await tx.insert(operatorInvitations).values({
    operatorId: invited.operatorId,
    tokenHash: sha256(token),
    invitedBy: actor.operator.operatorId,
    createdAt: now,
    expiresAt,
  });
  const { email: to, publicUrl } = invited;
  return queueInvitationMail(tx, { to, token, publicUrl, expiresAt }, now);
}
