import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { liabilitiesData, reconciliationData, successEnvelope } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { loadCurrentPlan } from '../../core/plan.ts';
import { readLiabilities } from './liabilities.ts';
import { readReconciliation } from './reconciliation.ts';

const tags = ['operator'];
/** Money reports: for whoever answers for the money (admin, finance), not support. */
const moneyRoles = { operatorRoles: ['admin', 'finance'] } as const;

/** Read-only reports on the books, exact to the micro-dollar. */
export async function operatorReportRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.get('/reconciliation', {
    schema: {
      tags,
      summary:
        'The ledger re-derived from its postings: mismatches (if any), wallets by kind and the house accounts (admin, finance)',
      response: { 200: successEnvelope(reconciliationData) },
    },
    config: moneyRoles,
    handler: async () => ok(await readReconciliation(db, clock.now())),
  });

  routes.get('/liabilities', {
    schema: {
      tags,
      summary:
        'What members could withdraw now, profit still promised by packages and incomes not yet credited, against deposits received minus withdrawals paid (admin, finance)',
      response: { 200: successEnvelope(liabilitiesData) },
    },
    config: moneyRoles,
    handler: async () => {
      const now = clock.now();
      return ok(await readLiabilities(db, now, (await loadCurrentPlan(db)).settings.timeZone));
    },
  });
}
