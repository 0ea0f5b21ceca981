import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { OPERATOR_ROLE_REFUSED, OPERATORS_ONLY, type OperatorRole } from '@app/contracts';
import { resolveSession } from '../shared/sessions/member-sessions.ts';
import {
  resolveOperatorSession,
  type SessionOperator,
} from '../shared/sessions/operator-sessions.ts';
import { AppError } from '../lib/errors.ts';
import { unauthorized } from './errors.ts';
import { bearerToken } from './member-auth.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only interfaces
  interface FastifyRequest {
    operator: SessionOperator | null;
  }
}

/**
 * onRequest hook factory for operator routes (before the body is parsed, as for members). No,
 * bad, expired or revoked token: the seed's 401.
 * A valid member token: 403 (a member is signed in, but members may not be here). An operator
 * whose role is not among `roles`: 403. Without `roles`, every active operator passes.
 */
export function requireOperator(roles?: readonly OperatorRole[]): onRequestAsyncHookHandler {
  return async function operatorOnly(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const { database, clock } = request.server.ctx;
    const now = clock.now();
    const operator = await resolveOperatorSession(database.db, token, now);
    if (!operator) {
      if (await resolveSession(database.db, token, now)) {
        throw new AppError('FORBIDDEN', OPERATORS_ONLY);
      }
      throw unauthorized();
    }
    if (roles && !roles.includes(operator.role)) {
      throw new AppError('FORBIDDEN', OPERATOR_ROLE_REFUSED);
    }
    request.operator = operator;
  };
}

/** The signed-in operator of a route behind requireOperator. */
export function currentOperator(request: FastifyRequest): SessionOperator {
  if (!request.operator) throw unauthorized();
  return request.operator;
}
