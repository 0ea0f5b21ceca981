import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  closureRefusalBody,
  MEMBER_NOT_FOUND,
  operatorClosureData,
  successEnvelope,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { operatorActor } from '../../plugins/operator-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { confirmClosure, readMemberClosure, refuseClosure } from './member-closure.ts';

const tags = ['operator'];

/**
 * A member's request to close their account in the console (in the operator group, at
 * /api/v1/operator; decision 0060): every role reading members sees it beside the wallets; the
 * role holding `members.close` confirms or refuses it.
 */
export async function operatorMemberClosureRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);
  const memberId = (id: string) => recordId(id, MEMBER_NOT_FOUND);
  const read = async (id: string) => {
    const closure = await readMemberClosure(db, id, clock.now());
    if (!closure) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
    return closure;
  };

  routes.get('/members/:id/closure', {
    schema: {
      tags,
      summary:
        "The member's latest request to close their account, their wallets, what stops closing it now and the profit of active packages it gives up",
      params: idParams,
      response: { 200: successEnvelope(operatorClosureData) },
    },
    config: { operatorPermission: 'members.read' },
    handler: async (request) => ok(await read(memberId(request.params.id))),
  });

  routes.post('/members/:id/closure/confirm', {
    schema: {
      tags,
      summary:
        'Confirm the request: the account is closed for good, every session ends and sign-in is refused; refused while money is left or a request open (audited, the member told; a request already decided answers 409 naming who)',
      params: idParams,
      response: { 200: successEnvelope(operatorClosureData) },
    },
    config: { operatorPermission: 'members.close' },
    handler: async (request) => {
      const id = memberId(request.params.id);
      const { mailId } = await confirmClosure(
        db,
        { memberId: id, actor: operatorActor(request), publicUrl: config.publicUrl },
        clock.now(),
      );
      // Whatever this process streams to the member ends with the sessions.
      app.sessionEnds.ended({ memberId: id });
      if (mailId) deliver([mailId], request.log);
      return ok(await read(id), 'Account closed');
    },
  });

  routes.post('/members/:id/closure/refuse', {
    schema: {
      tags,
      summary:
        'Refuse the request with a reason the member reads (audited, the member told; a request already decided answers 409 naming who)',
      params: idParams,
      body: closureRefusalBody,
      response: { 200: successEnvelope(operatorClosureData) },
    },
    config: { operatorPermission: 'members.close' },
    handler: async (request) => {
      const id = memberId(request.params.id);
      const { mailId } = await refuseClosure(
        db,
        {
          memberId: id,
          actor: operatorActor(request),
          publicUrl: config.publicUrl,
          reason: request.body.reason,
        },
        clock.now(),
      );
      if (mailId) deliver([mailId], request.log);
      return ok(await read(id), 'Request refused: the member is told why');
    },
  });
}
