import type { FastifyRequest } from 'fastify';
import {
  can,
  OPERATOR_ROLE_REFUSED,
  OPERATOR_SECOND_FACTOR_METHODS,
  OPERATORS_ONLY,
  SECOND_FACTOR_ENROLMENT_REQUIRED,
  type OperatorPermission,
} from '@app/contracts';
import { AppError } from '../lib/errors.ts';
import type { OperatorActor } from '../core/audit.ts';
import { provedRecently, stepUpRequired } from '../core/second-factor/session-factor.ts';
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
    /**
     * Open to an operator who must set up a second factor and has not yet (decision 0049): who
     * am I, sign-out and the enrolment itself. Every other route answers 403
     * SECOND_FACTOR_ENROLMENT_REQUIRED to them.
     */
    beforeSecondFactor?: boolean;
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
  if (mustEnrolSecondFactor(request) && !request.routeOptions.config.beforeSecondFactor) {
    throw new AppError('SECOND_FACTOR_ENROLMENT_REQUIRED', SECOND_FACTOR_ENROLMENT_REQUIRED);
  }
}

/**
 * Whether the signed-in operator must set up a second factor before using the console: this
 * server requires one (production, `REQUIRE_OPERATOR_SECOND_FACTOR`) and theirs is not on.
 */
export function mustEnrolSecondFactor(request: FastifyRequest): boolean {
  const operator = currentOperator(request);
  return request.server.ctx.config.requireOperatorSecondFactor && !operator.hasSecondFactor;
}

/**
 * Route-level preHandler of the operator actions that need a step-up (decision 0049: approving an
 * adjustment, paying a withdrawal, publishing the plan): with the operator's factor on, this
 * session must have proved it in the last 5 minutes, else 403 STEP_UP_REQUIRED. Listed before
 * any Idempotency-Key is claimed. An operator without a factor (outside production) is not asked.
 */
export async function freshOperatorFactor(request: FastifyRequest): Promise<void> {
  const operator = currentOperator(request);
  if (!operator.hasSecondFactor) return;
  if (provedRecently(operator.secondFactorAt, request.server.ctx.clock.now())) return;
  throw stepUpRequired(OPERATOR_SECOND_FACTOR_METHODS);
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
