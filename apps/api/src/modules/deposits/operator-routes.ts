import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  operatorDepositPageData,
  operatorDepositQuery,
  operatorDepositView,
  rejectDepositBody,
  successEnvelope,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { currentOperator, requireOperator } from '../../plugins/operator-auth.ts';
import { listOperatorDeposits } from './deposit-lists.ts';
import { confirmDeposit, rejectDeposit } from './operator-decisions.ts';

const tags = ['operator'];
const security = [{ bearer: [] }];
/** Money decisions belong to admin and finance; support reads tickets, not the deposit queue. */
const moneyRoles = requireOperator(['admin', 'finance']);
const isUuid = (value: string) => z.uuid().safeParse(value).success;
const params = z.object({ id: z.string() });

function depositId(id: string): string {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'No such deposit');
  return id;
}

/** The deposits queue, registered inside operatorRoutes (mounted at /api/v1/operator). */
export async function operatorDepositRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.get('/deposits', {
    schema: {
      tags,
      summary: 'Deposits, oldest first, optionally one status (admin, finance)',
      security,
      querystring: operatorDepositQuery,
      response: { 200: successEnvelope(operatorDepositPageData) },
    },
    onRequest: moneyRoles,
    handler: async (request) => ok(await listOperatorDeposits(db, request.query)),
  });

  routes.post('/deposits/:id/confirm', {
    schema: {
      tags,
      summary: "Confirm a pending manual deposit: credits the member's fund wallet once",
      security,
      params,
      response: { 200: successEnvelope(operatorDepositView) },
    },
    onRequest: moneyRoles,
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
      security,
      params,
      body: rejectDepositBody,
      response: { 200: successEnvelope(operatorDepositView) },
    },
    onRequest: moneyRoles,
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
