import type { FastifyRequest } from 'fastify';
import { OPERATOR_ROLE_REFUSED, OPERATORS_ONLY, type OperatorRole } from '@app/contracts';
import { AppError } from '../lib/errors.ts';
import type { OperatorActor } from '../core/audit.ts';
import { resolveSession } from '../core/sessions/member-sessions.ts';
import {
  resolveOperatorSession,
  type SessionOperator,
} from '../core/sessions/operator-sessions.ts';
import { sessionExpired } from '../core/sessions/session-policy.ts';
import { bearerToken } from './member-auth.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only interfaces
  interface FastifyRequest {
    operator: SessionOperator | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only interfaces
  interface FastifyContextConfig {
    /**
     * The operator roles a route of the operator group admits, declared on the route and
     * checked by the group's hook; without it every active operator passes.
     */
    operatorRoles?: readonly OperatorRole[];
  }
}

/**
 * The onRequest hook of the operator route group (plugins/route-groups.ts), before the body is
 * parsed, as for members. No, bad, expired or revoked token: the one 401. A valid member token:
 * 403 (someone is signed in, but members may not be here). An operator whose role is not among
 * the route's `config.operatorRoles`: 403.
 */
export async function authenticateOperator(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw sessionExpired();
  const { database, clock } = request.server.ctx;
  const now = clock.now();
  const operator = await resolveOperatorSession(database.db, token, now);
  if (!operator) {
    if (await resolveSession(database.db, token, now)) {
      throw new AppError('FORBIDDEN', OPERATORS_ONLY);
    }
    throw sessionExpired();
  }
  const roles = request.routeOptions.config.operatorRoles;
  if (roles && !roles.includes(operator.role)) {
    throw new AppError('FORBIDDEN', OPERATOR_ROLE_REFUSED);
  }
  request.operator = operator;
}

/** The signed-in operator of a route in the operator group. */
export function currentOperator(request: FastifyRequest): SessionOperator {
  if (!request.operator) throw sessionExpired();
  return request.operator;
}

/** The signed-in operator as the actor of an audited action: who, in which role, from where. */
export function operatorActor(request: FastifyRequest): OperatorActor {
  const { operatorId, role } = currentOperator(request);
  return { operatorId, role, ip: request.ip };
}
