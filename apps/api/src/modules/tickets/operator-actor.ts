import type { FastifyRequest } from 'fastify';
import { currentOperator } from '../../plugins/operator-auth.ts';
import type { OperatorActor } from '../../core/audit.ts';

/** Who acts, from the request's operator session: the audit rows of the support desk carry it. */
export function actorOf(request: FastifyRequest): OperatorActor {
  const { operatorId, role } = currentOperator(request);
  return { operatorId, role, ip: request.ip };
}
