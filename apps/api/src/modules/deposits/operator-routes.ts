import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  operatorDepositDetail,
  operatorDepositPageData,
  operatorDepositQuery,
  operatorDepositView,
  rejectDepositBody,
  successEnvelope,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { operatorActor } from '../../plugins/operator-auth.ts';
import { memberMoneyContext } from '../../core/member-money-context.ts';
import { AppError } from '../../lib/errors.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { findOperatorDeposit, listOperatorDeposits } from './deposit-lists.ts';
import { confirmDeposit, rejectDeposit } from './operator-decisions.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { requestMailSite } from '../../core/mail-outbox/member-event-mail.ts';

const tags = ['operator'];
const NO_SUCH_DEPOSIT = 'No such deposit';
const depositId = (id: string) => recordId(id, NO_SUCH_DEPOSIT);

/** The deposits queue of the operator API (in the operator group, at /api/v1/operator). */
export async function operatorDepositRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const deliver = promptDelivery(app);
  const db = database.db;

  routes.get('/deposits', {
    schema: {
      tags,
      summary: "Deposits, oldest first, optionally one status or one member's",
      querystring: operatorDepositQuery,
      response: { 200: successEnvelope(operatorDepositPageData) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async (request) => ok(await listOperatorDeposits(db, request.query)),
  });

  routes.get('/deposits/:id', {
    schema: {
      tags,
      summary: "One deposit with its member and the member's latest ledger lines",
      params: idParams,
      response: { 200: successEnvelope(operatorDepositDetail) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async (request) => {
      const deposit = await findOperatorDeposit(db, depositId(request.params.id));
      if (!deposit) throw new AppError('NOT_FOUND', NO_SUCH_DEPOSIT);
      return ok({ deposit, ...(await memberMoneyContext(db, deposit.memberId)) });
    },
  });

  routes.post('/deposits/:id/confirm', {
    schema: {
      tags,
      summary: "Confirm a pending manual deposit: credits the member's fund wallet once",
      params: idParams,
      response: { 200: successEnvelope(operatorDepositView) },
    },
    config: { operatorPermission: 'money.decide' },
    handler: async (request) => {
      const id = depositId(request.params.id);
      const site = requestMailSite(config.publicUrl);
      const confirmed = await confirmDeposit(db, id, operatorActor(request), clock.now(), site);
      deliver(site.written, request.log);
      return ok(confirmed, 'Deposit confirmed');
    },
  });

  routes.post('/deposits/:id/reject', {
    schema: {
      tags,
      summary: 'Reject a pending deposit with a reason the member reads',
      params: idParams,
      body: rejectDepositBody,
      response: { 200: successEnvelope(operatorDepositView) },
    },
    config: { operatorPermission: 'money.decide' },
    handler: async (request) => {
      const id = depositId(request.params.id);
      const { reason } = request.body;
      const rejected = await rejectDeposit(db, id, reason, operatorActor(request), clock.now());
      return ok(rejected, 'Deposit rejected');
    },
  });
}
