import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountClosureBody,
  accountClosureData,
  CLOSURE_NOT_FOUND,
  successEnvelope,
} from '@app/contracts';
import { idParams, recordId } from '../../core/id-params.ts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { freshSecondFactor } from '../../plugins/step-up.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import {
  cancelAccountClosure,
  readAccountClosure,
  requestAccountClosure,
} from './account-closure.ts';

const tags = ['auth'];

/** The member closing their own account, from the profile (decision 0060). */
export async function accountClosureRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);

  routes.get('/auth/account-closure', {
    schema: {
      tags,
      summary:
        'The latest request to close the account, what stops closing it now (money left, requests open) and the profit of active packages it gives up',
      response: { 200: successEnvelope(accountClosureData) },
    },
    handler: async (request) =>
      ok(await readAccountClosure(db, currentMember(request).memberId, clock.now())),
  });

  routes.post('/auth/account-closure', {
    schema: {
      tags,
      summary:
        'Ask to close the account (the password typed again; refused while money is left or a withdrawal or deposit is open; active packages need givesUpPackages); an operator confirms it',
      body: accountClosureBody,
      response: { 200: successEnvelope(accountClosureData) },
    },
    preHandler: freshSecondFactor,
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const now = clock.now();
      const { mailId } = await requestAccountClosure(
        db,
        {
          memberId,
          password: request.body.password,
          givesUpPackages: request.body.givesUpPackages ?? false,
          ip: request.ip,
          publicUrl: config.publicUrl,
        },
        now,
      );
      if (mailId) deliver([mailId], request.log);
      return ok(
        await readAccountClosure(db, memberId, now),
        'Your request is received: an operator will confirm it',
      );
    },
  });

  routes.post('/auth/account-closure/:id/cancel', {
    schema: {
      tags,
      summary:
        "Cancel one's request to close the account while it waits for an operator (another member's request answers 404)",
      params: idParams,
      response: { 200: successEnvelope(accountClosureData) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const now = clock.now();
      await cancelAccountClosure(
        db,
        {
          memberId,
          closureId: recordId(request.params.id, CLOSURE_NOT_FOUND),
          ip: request.ip,
          publicUrl: config.publicUrl,
        },
        now,
      );
      return ok(await readAccountClosure(db, memberId, now), 'Your request is cancelled');
    },
  });
}
