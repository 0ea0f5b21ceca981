import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  operatorDepositPageData,
  operatorDepositQuery,
  operatorDepositView,
  rejectDepositBody,
  successEnvelope,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { listOperatorDeposits } from './deposit-lists.ts';
import { confirmDeposit, rejectDeposit } from './operator-decisions.ts';

const tags = ['operator'];
/** Money decisions belong to admin and finance; support reads tickets, not the deposit queue. */
const moneyRoles = { operatorRoles: ['admin', 'finance'] } as const;
const depositId = (id: string) => recordId(id, 'No such deposit');

/** The deposits queue of the operator API (in the operator group, at /api/v1/operator). */
export async function operatorDepositRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.get('/deposits', {
    schema: {
      tags,
      summary: 'Deposits, oldest first, optionally one status (admin, finance)',
      querystring: operatorDepositQuery,
      response: { 200: successEnvelope(operatorDepositPageData) },
    },
    config: moneyRoles,
    handler: async (request) => ok(await listOperatorDeposits(db, request.query)),
  });

  routes.post('/deposits/:id/confirm', {
    schema: {
      tags,
      summary: "Confirm a pending manual deposit: credits the member's fund wallet once",
      params: idParams,
      response: { 200: successEnvelope(operatorDepositView) },
    },
    config: moneyRoles,
    handler: async (request) => {
      const operator = currentOperator(request);
      const confirmed = await confirmDeposit(db, depositId(request.params.id), {
        operatorId: operator.operatorId,
        ip: request.ip,
        now: clock.now(),
      });
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
    config: moneyRoles,
    handler: async (request) => {
      const operator = currentOperator(request);
      const rejected = await rejectDeposit(db, depositId(request.params.id), request.body.reason, {
        operatorId: operator.operatorId,
        ip: request.ip,
        now: clock.now(),
      });
      return ok(rejected, 'Deposit rejected');
    },
  });
}
