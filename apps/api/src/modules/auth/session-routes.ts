import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  endedSessionsData,
  endedSessionsMessage,
  memberSessionsData,
  SESSION_ENDED,
  SESSION_ENDED_HERE,
  SESSION_NOT_FOUND,
  successEnvelope,
} from '@app/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import {
  endMemberSession,
  endOtherSessions,
  listLiveSessions,
} from '../../core/sessions/live-sessions.ts';

/**
 * The signed-in member's sessions and devices (in the member group; decision 0043). An
 * operator's read-only view may list them (a GET) but ends none: the group refuses its
 * DELETE and POST (decision 0026).
 */
export async function memberSessionRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.get('/auth/sessions', {
    schema: {
      tags: ['auth'],
      summary:
        "This member's live sessions, latest activity first: browser, system, device, address, when each began and was last used; `current` is the one asking",
      response: { 200: successEnvelope(memberSessionsData) },
    },
    handler: async (request) => {
      const { memberId, sessionId } = currentMember(request);
      return ok({ sessions: await listLiveSessions(db, memberId, clock.now(), sessionId) });
    },
  });

  routes.delete('/auth/sessions/:id', {
    schema: {
      tags: ['auth'],
      summary:
        "End one of this member's sessions: its next request answers 401 (this one's too: a sign-out); another member's, an unknown or an ended one answers 404",
      params: idParams,
      response: { 200: successEnvelope(z.null()) },
    },
    handler: async (request) => {
      const { memberId, sessionId } = currentMember(request);
      const target = recordId(request.params.id, SESSION_NOT_FOUND);
      if (!(await endMemberSession(db, memberId, target, clock.now())))
        throw new AppError('NOT_FOUND', SESSION_NOT_FOUND);
      // Whatever this process holds open for the session (a price stream) ends with it.
      app.sessionEnds.ended({ sessionId: target });
      return ok(null, target === sessionId ? SESSION_ENDED_HERE : SESSION_ENDED);
    },
  });

  routes.post('/auth/sessions/end-others', {
    schema: {
      tags: ['auth'],
      summary: 'End every session of this member but the one asking; says how many ended',
      response: { 200: successEnvelope(endedSessionsData) },
    },
    handler: async (request) => {
      const { memberId, sessionId } = currentMember(request);
      const ended = await endOtherSessions(db, memberId, sessionId, clock.now());
      for (const id of ended) app.sessionEnds.ended({ sessionId: id });
      return ok({ ended: ended.length }, endedSessionsMessage(ended.length, true));
    },
  });
}
