import type { FastifyRequest } from 'fastify';
import { requireFreshSecondFactor } from '../core/second-factor/step-up.ts';
import { currentMember } from './member-auth.ts';

/**
 * Route-level preHandler of the money and security changes (decision 0047): with the second
 * factor on, the session must have proved it in the last 5 minutes. Listed before `idempotent`,
 * so a refusal claims no Idempotency-Key and the same request goes through after the step-up.
 */
export async function freshSecondFactor(request: FastifyRequest): Promise<void> {
  const { memberId, sessionId } = currentMember(request);
  const { database, clock } = request.server.ctx;
  await requireFreshSecondFactor(database.db, { memberId, sessionId }, clock.now());
}
