import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  endedSessionsData,
  endedSessionsMessage,
  MEMBER_NOT_FOUND,
  memberSessionsData,
  SESSION_ENDED,
  SESSION_NOT_FOUND,
  successEnvelope,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { listLiveSessions } from '../../core/sessions/live-sessions.ts';
import { findMemberRow } from './member-detail.ts';
import { endSessionsAsOperator } from './member-sessions.ts';

const tags = ['operator'];
const sessionParams = idParams.extend({
  sessionId: z.string().describe('The session id (a UUID)'),
});

/**
 * A member's live sessions in the console (in the operator group, at /api/v1/operator;
 * decision 0043): every role reading members sees them, the roles acting on members end them.
 */
export async function operatorMemberSessionRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  const actorOf = (request: Parameters<typeof currentOperator>[0]) => {
    const { operatorId, role } = currentOperator(request);
    return { operatorId, role, ip: request.ip };
  };
  const memberId = (id: string) => recordId(id, MEMBER_NOT_FOUND);

  routes.get('/members/:id/sessions', {
    schema: {
      tags,
      summary:
        "The member's live sessions, latest activity first: browser, system, device, address, when each began and was last used (an operator's read-only views are not listed)",
      params: idParams,
      response: { 200: successEnvelope(memberSessionsData) },
    },
    config: { operatorPermission: 'members.read' },
    handler: async (request) => {
      const member = await findMemberRow(db, memberId(request.params.id));
      if (!member) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
      return ok({ sessions: await listLiveSessions(db, member.id, clock.now(), null) });
    },
  });

  routes.delete('/members/:id/sessions/:sessionId', {
    schema: {
      tags,
      summary:
        "End one of the member's sessions: its next request answers 401 (audited, and the member is told in the app)",
      params: sessionParams,
      response: { 200: successEnvelope(z.null()) },
    },
    config: { operatorPermission: 'members.act' },
    handler: async (request) => {
      const sessionId = recordId(request.params.sessionId, SESSION_NOT_FOUND);
      await endSessionsAsOperator(
        db,
        { memberId: memberId(request.params.id), sessionId, actor: actorOf(request) },
        clock.now(),
      );
      app.sessionEnds.ended({ sessionId });
      return ok(null, SESSION_ENDED);
    },
  });

  routes.post('/members/:id/sessions/end-all', {
    schema: {
      tags,
      summary:
        'End every session of the member, who stays free to sign in again (audited, and the member is told in the app); says how many ended',
      params: idParams,
      response: { 200: successEnvelope(endedSessionsData) },
    },
    config: { operatorPermission: 'members.act' },
    handler: async (request) => {
      const ended = await endSessionsAsOperator(
        db,
        { memberId: memberId(request.params.id), sessionId: null, actor: actorOf(request) },
        clock.now(),
      );
      for (const id of ended) app.sessionEnds.ended({ sessionId: id });
      return ok({ ended: ended.length }, endedSessionsMessage(ended.length, false));
    },
  });
}
