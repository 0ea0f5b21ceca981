import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MEMBER_NOT_FOUND,
  passkeysData,
  secondFactorResetBody,
  secondFactorStatusData,
  successEnvelope,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { resetSecondFactor, secondFactorStatus } from '../../core/second-factor/state.ts';
import { passkeysOf } from '../../core/second-factor/passkeys.ts';
import { findMemberRow } from './member-detail.ts';

const tags = ['operator'];

/** A member's second factors in the console (in the operator group; decisions 0045, 0048). */
export async function operatorMemberSecondFactorRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);
  const existingMember = async (id: string) => {
    const row = await findMemberRow(db, recordId(id, MEMBER_NOT_FOUND));
    if (!row) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
    return row;
  };

  routes.get('/members/:id/second-factor', {
    schema: {
      tags,
      summary: "Whether the member's authenticator app is on, since when, recovery codes left",
      params: idParams,
      response: { 200: successEnvelope(secondFactorStatusData) },
    },
    config: { operatorPermission: 'members.read' },
    handler: async (request) => {
      const { id } = await existingMember(request.params.id);
      return ok(await secondFactorStatus(db, id));
    },
  });

  routes.get('/members/:id/passkeys', {
    schema: {
      tags,
      summary:
        "The member's passkeys (names, added, last used) and whether one may sign in alone; nothing secret",
      params: idParams,
      response: { 200: successEnvelope(passkeysData) },
    },
    config: { operatorPermission: 'members.read' },
    handler: async (request) => {
      const { id } = await existingMember(request.params.id);
      return ok(await passkeysOf(db, id));
    },
  });

  routes.post('/members/:id/second-factor/reset', {
    schema: {
      tags,
      summary:
        "Turn off a member's second factor (lost phone and recovery codes): the reason audited, the member told, withdrawals held",
      params: idParams,
      body: secondFactorResetBody,
      response: { 200: successEnvelope(z.null()) },
    },
    config: { operatorPermission: 'members.reset-second-factor' },
    handler: async (request) => {
      const { id } = await existingMember(request.params.id);
      const { operatorId } = currentOperator(request);
      const { mailId } = await resetSecondFactor(
        db,
        { memberId: id, reason: request.body.reason, operatorId, ip: request.ip },
        clock.now(),
      );
      deliver([mailId], request.log);
      return ok(null, 'Two-factor authentication turned off; the member was told');
    },
  });
}
