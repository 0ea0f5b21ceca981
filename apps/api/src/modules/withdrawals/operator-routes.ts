import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  operatorWithdrawalPageData,
  operatorWithdrawalQuery,
  payWithdrawalBody,
  rejectWithdrawalBody,
  successEnvelope,
  withdrawalView,
  type OperatorRole,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { currentOperator, requireOperator } from '../../plugins/operator-auth.ts';
import { payWithdrawal, rejectWithdrawal, type OperatorActor } from './settle-withdrawal.ts';
import { listWithdrawalsForOperator } from './views.ts';

const operator = { tags: ['operator'], security: [{ bearer: [] }] };
/** Paying out is a money decision: support answers members but does not move money. */
const MONEY_ROLES: readonly OperatorRole[] = ['admin', 'finance'];
const params = z.object({ id: z.string() });
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The withdrawals queue of the operator API; registered inside operatorRoutes (/operator). */
export async function operatorWithdrawalRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  const actorOf = (request: Parameters<typeof currentOperator>[0]): OperatorActor => {
    const { operatorId, role } = currentOperator(request);
    return { operatorId, role, ip: request.ip };
  };
  const knownId = (id: string) => {
    if (!isUuid(id)) throw new AppError('NOT_FOUND', 'No such withdrawal');
    return id;
  };

  routes.get('/withdrawals', {
    schema: {
      ...operator,
      summary: 'Withdrawals, oldest first, with the member (filter: status)',
      querystring: operatorWithdrawalQuery,
      response: { 200: successEnvelope(operatorWithdrawalPageData) },
    },
    onRequest: requireOperator(MONEY_ROLES),
    handler: async (request) => ok(await listWithdrawalsForOperator(db, request.query)),
  });

  routes.post('/withdrawals/:id/pay', {
    schema: {
      ...operator,
      summary: 'Record a pending withdrawal as paid by a chain transaction (audited)',
      params,
      body: payWithdrawalBody,
      response: { 200: successEnvelope(withdrawalView) },
    },
    onRequest: requireOperator(MONEY_ROLES),
    handler: async (request) => {
      const paid = await payWithdrawal(
        db,
        {
          id: knownId(request.params.id),
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
      ...operator,
      summary: 'Reject a pending withdrawal; the held amount is released (audited)',
      params,
      body: rejectWithdrawalBody,
      response: { 200: successEnvelope(withdrawalView) },
    },
    onRequest: requireOperator(MONEY_ROLES),
    handler: async (request) => {
      const rejected = await rejectWithdrawal(
        db,
        {
          id: knownId(request.params.id),
          reason: request.body.reason,
          actor: actorOf(request),
        },
        clock.now(),
      );
      return ok(rejected, 'Withdrawal rejected');
    },
  });
}
