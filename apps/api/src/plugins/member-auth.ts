import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession, type SessionMember } from '../shared/sessions/member-sessions.ts';
import { unauthorized } from './errors.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only interfaces
  interface FastifyRequest {
    member: SessionMember | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * onRequest hook of member routes: a missing, bad, expired or revoked token answers the seed's
 * 401 before the body is parsed or validated, so a caller without a session learns nothing about
 * the endpoint's input rules and never makes the server parse a body.
 */
export async function requireMember(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const { database, clock } = request.server.ctx;
  const member = await resolveSession(database.db, token, clock.now());
  if (!member) throw unauthorized();
  request.member = member;
}

/** The signed-in member of a route behind requireMember. */
export function currentMember(request: FastifyRequest): SessionMember {
  if (!request.member) throw unauthorized();
  return request.member;
}
