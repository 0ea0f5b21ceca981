import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { READ_ONLY_SESSION } from '@app/contracts';
import { AppError } from '../lib/errors.ts';
import { resolveSession, type SessionMember } from '../core/sessions/member-sessions.ts';
import { sessionExpired } from '../core/sessions/session-policy.ts';
import { endedAccountOfSession } from '../core/sessions/blocked-session.ts';
import { inactiveAccountAnswer } from './errors.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only interfaces
  interface FastifyRequest {
    member: SessionMember | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only interfaces
  interface FastifyContextConfig {
    /**
     * Whether an operator's read-only session (decision 0026) may call the route, when the
     * method alone would say otherwise: 'allow' a change that alters nothing of the account
     * (signing out, marking notices read), 'refuse' a GET that does (mailing a code).
     */
    readOnlySession?: 'allow' | 'refuse';
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The onRequest hook of the member route group (plugins/route-groups.ts). A missing, bad,
 * expired or revoked token, and an operator's token, answer the one 401 before the body is
 * parsed or validated, so a caller without a session learns nothing about the endpoint's input
 * rules and never makes the server parse a body.
 */
export async function authenticateMember(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  const { database, clock, config } = request.server.ctx;
  const member = token ? await resolveSession(database.db, token, clock.now()) : null;
  if (!member) {
    // A member blocked or closed since is told so, with where to write, not that the session
    // expired: the token shows they had signed in to this very account.
    const ended = token ? await endedAccountOfSession(database.db, token) : null;
    if (ended) {
      const { message, data } = inactiveAccountAnswer(ended, config.supportEmail);
      throw new AppError('UNAUTHORIZED', message, {}, data);
    }
    throw sessionExpired();
  }
  request.member = member;
}

/** The signed-in member of a route in the member group. */
export function currentMember(request: FastifyRequest): SessionMember {
  if (!request.member) throw sessionExpired();
  return request.member;
}

/**
 * The second onRequest hook of the member group: a session an operator opened as the member
 * (decision 0026) reads everything but changes nothing. Refused before the body is parsed, so a
 * refused purchase or withdrawal never reaches its use case.
 */
export const refuseReadOnlyWrites: onRequestHookHandler = (request, _reply, done) => {
  // A callback hook: it runs on every member request, and an async one costs a promise and a
  // microtask turn each time.
  if (!request.member?.impersonatedBy) return done();
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const rule = request.routeOptions.config.readOnlySession ?? (isRead ? 'allow' : 'refuse');
  done(rule === 'refuse' ? new AppError('FORBIDDEN', READ_ONLY_SESSION) : undefined);
};
