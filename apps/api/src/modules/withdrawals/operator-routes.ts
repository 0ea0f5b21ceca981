import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  operatorWithdrawalDetail,
  operatorWithdrawalPageData,
  operatorWithdrawalQuery,
  payWithdrawalBody,
  rejectWithdrawalBody,
  successEnvelope,
  withdrawalPayoutChecks,
  withdrawalView,
  ADDRESS_CHANGE_WARNING_DAYS,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { freshOperatorFactor, operatorActor } from '../../plugins/operator-auth.ts';
import { memberMoneyContext } from '../../core/member-money-context.ts';
import { AppError } from '../../lib/errors.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { payWithdrawal, rejectWithdrawal } from './settle-withdrawal.ts';
import { findWithdrawalForOperator, listWithdrawalsForOperator } from './views.ts';
import { payoutChecks } from './payout-checks.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { requestMailSite } from '../../core/mail-outbox/member-event-mail.ts';

const tags = ['operator'];
const NO_SUCH_WITHDRAWAL = 'No such withdrawal';
const withdrawalId = (id: string) => recordId(id, NO_SUCH_WITHDRAWAL);

/** The withdrawals queue of the operator API (in the operator group, at /api/v1/operator). */
export async function operatorWithdrawalRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const deliver = promptDelivery(app);
  const db = database.db;

  routes.get('/withdrawals', {
    schema: {
      tags,
      summary: 'Withdrawals, oldest first, with the member (filters: status, memberCode)',
      querystring: operatorWithdrawalQuery,
      response: { 200: successEnvelope(operatorWithdrawalPageData) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async (request) => ok(await listWithdrawalsForOperator(db, request.query)),
  });

  routes.get('/withdrawals/:id', {
    schema: {
      tags,
      summary: "One withdrawal with its member and the member's latest ledger lines",
      params: idParams,
      response: { 200: successEnvelope(operatorWithdrawalDetail) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async (request) => {
      const withdrawal = await findWithdrawalForOperator(db, withdrawalId(request.params.id));
      if (!withdrawal) throw new AppError('NOT_FOUND', NO_SUCH_WITHDRAWAL);
      return ok({ withdrawal, ...(await memberMoneyContext(db, withdrawal.member.id)) });
    },
  });

  routes.get('/withdrawals/:id/payout-checks', {
    schema: {
      tags,
      summary: `Before paying: the address's network, its explorer links, and the member's payout address change in the last ${ADDRESS_CHANGE_WARNING_DAYS} days`,
      params: idParams,
      response: { 200: successEnvelope(withdrawalPayoutChecks) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async (request) => {
      const id = withdrawalId(request.params.id);
      const checks = await payoutChecks(db, config.explorers, id, clock.now());
      if (!checks) throw new AppError('NOT_FOUND', NO_SUCH_WITHDRAWAL);
      return ok(checks);
    },
  });

  routes.post('/withdrawals/:id/pay', {
    schema: {
      tags,
      summary:
        'Record a pending withdrawal as paid by a chain transaction (audited); needs the second factor proved in the last 5 minutes (STEP_UP_REQUIRED)',
      params: idParams,
      body: payWithdrawalBody,
      response: { 200: successEnvelope(withdrawalView) },
    },
    config: { operatorPermission: 'money.decide' },
    preHandler: freshOperatorFactor,
    handler: async (request) => {
      const site = { ...requestMailSite(config.publicUrl), explorers: config.explorers };
      const paid = await payWithdrawal(
        db,
        {
          id: withdrawalId(request.params.id),
          txHash: request.body.txHash,
          actor: operatorActor(request),
        },
        clock.now(),
        site,
      );
      deliver(site.written, request.log);
      return ok(paid, 'Withdrawal paid');
    },
  });

  routes.post('/withdrawals/:id/reject', {
    schema: {
      tags,
      summary: 'Reject a pending withdrawal; the held amount is released (audited)',
      params: idParams,
      body: rejectWithdrawalBody,
      response: { 200: successEnvelope(withdrawalView) },
    },
    config: { operatorPermission: 'money.decide' },
    handler: async (request) => {
      const rejected = await rejectWithdrawal(
        db,
        {
          id: withdrawalId(request.params.id),
          reason: request.body.reason,
          actor: operatorActor(request),
        },
        clock.now(),
      );
      return ok(rejected, 'Withdrawal rejected');
    },
  });
}
