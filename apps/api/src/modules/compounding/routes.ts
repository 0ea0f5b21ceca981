import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  compoundingIncomePageData,
  compoundingIncomeQuery,
  compoundingMoveBody,
  compoundingMoveData,
  compoundingSummaryData,
  formatAmount,
  successEnvelope,
  toMicros,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { compoundingSummary, listCompoundingIncome } from './income.ts';
import { moveToCompounding } from './move.ts';

const tags = ['compounding'];

/** The compounding wallet: move profit in, list its daily income, its totals. */
export async function compoundingRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.post('/compounding/move', {
    schema: {
      tags,
      summary:
        'Move at least $10 of available profit into the compounding wallet; accepts an Idempotency-Key',
      body: compoundingMoveBody,
      response: { 200: successEnvelope(compoundingMoveData) },
    },
    preHandler: idempotent,
    handler: async (request) => {
      const key = request.headers['idempotency-key'];
      const amount = toMicros(request.body.amount);
      const moved = await moveToCompounding(
        db,
        {
          memberId: currentMember(request).memberId,
          amount,
          idempotencyKey: typeof key === 'string' ? key : undefined,
        },
        clock.now(),
      );
      return ok(moved, `${formatAmount(amount)} moved to compounding`);
    },
  });

  routes.get('/compounding/income', {
    schema: {
      tags,
      summary:
        'Compounding income: one record per paid business day, newest first, with the total of the filter',
      querystring: compoundingIncomeQuery,
      response: { 200: successEnvelope(compoundingIncomePageData) },
    },
    handler: async (request) =>
      ok(await listCompoundingIncome(db, currentMember(request).memberId, request.query)),
  });

  routes.get('/compounding/summary', {
    schema: {
      tags,
      summary: 'The compounding wallet, the total moved in, the income earned and the daily rate',
      response: { 200: successEnvelope(compoundingSummaryData) },
    },
    handler: async (request) => ok(await compoundingSummary(db, currentMember(request).memberId)),
  });
}
