import type { FastifyRequest } from 'fastify';
import {
  can,
  OPERATOR_ROLE_REFUSED,
  OPERATORS_ONLY,
  type OperatorPermission,
} from '@app/contracts';
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
     * The permission a route of the operator group requires (the contracts' permission map says
     * which roles hold it), checked by the group's hook. The group refuses to register a route
     * without one, and the hook refuses a call to such a route anyway: deny by default.
     */
    operatorPermission?: OperatorPermission;
  }
}

/**
 * The onRequest hook of the operator route group (plugins/route-groups.ts), before the body is
 * parsed, as for members. No, bad, expired or revoked token: the one 401. A valid member token:
 * 403 (someone is signed in, but members may not be here). An operator whose role does not hold
 * the route's `config.operatorPermission`, or a route that declares none: 403.
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
  const permission = request.routeOptions.config.operatorPermission;
  if (!permission || !can(operator.role, permission)) {
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
