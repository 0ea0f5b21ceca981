import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  operatorWithdrawalPageData,
  operatorWithdrawalQuery,
  payWithdrawalBody,
  rejectWithdrawalBody,
  successEnvelope,
  withdrawalView,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { payWithdrawal, rejectWithdrawal, type OperatorActor } from './settle-withdrawal.ts';
import { listWithdrawalsForOperator } from './views.ts';

const tags = ['operator'];
/** Paying out is a money decision: support answers members but does not move money. */
const moneyRoles = { operatorRoles: ['admin', 'finance'] } as const;
const withdrawalId = (id: string) => recordId(id, 'No such withdrawal');

/** The withdrawals queue of the operator API (in the operator group, at /api/v1/operator). */
export async function operatorWithdrawalRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  const actorOf = (request: Parameters<typeof currentOperator>[0]): OperatorActor => {
    const { operatorId, role } = currentOperator(request);
    return { operatorId, role, ip: request.ip };
  };

  routes.get('/withdrawals', {
    schema: {
      tags,
      summary: 'Withdrawals, oldest first, with the member (filter: status)',
      querystring: operatorWithdrawalQuery,
      response: { 200: successEnvelope(operatorWithdrawalPageData) },
    },
    config: moneyRoles,
    handler: async (request) => ok(await listWithdrawalsForOperator(db, request.query)),
  });

  routes.post('/withdrawals/:id/pay', {
    schema: {
      tags,
      summary: 'Record a pending withdrawal as paid by a chain transaction (audited)',
      params: idParams,
      body: payWithdrawalBody,
      response: { 200: successEnvelope(withdrawalView) },
    },
    config: moneyRoles,
    handler: async (request) => {
      const paid = await payWithdrawal(
        db,
        {
          id: withdrawalId(request.params.id),
          txHash: request.body.txHash,
          actor: actorOf(request),
        },
        clock.now(),
      );
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
    config: moneyRoles,
    handler: async (request) => {
      const rejected = await rejectWithdrawal(
        db,
        {
          id: withdrawalId(request.params.id),
          reason: request.body.reason,
          actor: actorOf(request),
        },
        clock.now(),
      );
      return ok(rejected, 'Withdrawal rejected');
    },
  });
}
