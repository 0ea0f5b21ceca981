import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signInHistoryData, successEnvelope } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { listSignInAttempts } from '../../core/sign-in-history.ts';

/** The signed-in member's own sign-in history (in the member group; decision 0044). */
export async function signInHistoryRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;

  routes.get('/auth/sign-in-history', {
    schema: {
      tags: ['auth'],
      summary:
        'The latest 100 sign-in attempts on this account, newest first: time, address, device, method and result',
      response: { 200: successEnvelope(signInHistoryData) },
    },
    handler: async (request) => {
      const attempts = await listSignInAttempts(db, currentMember(request).memberId);
      return ok({ attempts });
    },
  });
}
