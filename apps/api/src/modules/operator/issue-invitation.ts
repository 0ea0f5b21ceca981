import { OPERATOR_INVITE_TTL_HOURS } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { operatorInvitations } from '../../db/schema/console.ts';
import { createToken, sha256 } from '../../lib/secrets.ts';
import type { Actor } from './staff-actor.ts';

const HOUR_MS = 3_600_000;

/** A fresh one-time invitation for `operatorId`; returns the token to mail (stored hashed). */
export async function issueInvitation(tx: Executor, operatorId: string, actor: Actor, now: Date) {
  const token = createToken();
  await tx.insert(operatorInvitations).values({
    operatorId,
    tokenHash: sha256(token),
    invitedBy: actor.operator.operatorId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OPERATOR_INVITE_TTL_HOURS * HOUR_MS),
  });
  return token;
}
