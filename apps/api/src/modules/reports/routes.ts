import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dashboardData,
  liabilitiesData,
  reconciliationData,
  successEnvelope,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { csvHeaders } from '../../lib/csv.ts';
import { loadCurrentPlan } from '../../core/plan.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { liabilitiesCsv, reconciliationCsv } from './csv.ts';
import { readDashboard } from './dashboard.ts';
import { readLiabilities, readLiabilityMicros } from './liabilities.ts';
import { lastReconciliation } from './reconciliation-cache.ts';
import { reconciliationView } from './reconciliation.ts';

const tags = ['operator'];

/** Read-only reports on the books, exact to the micro-dollar, and the console's overview. */
export async function operatorReportRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;
  const timeZone = async () => (await loadCurrentPlan(db)).settings.timeZone;
  const reconciliation = lastReconciliation(db, clock);

  routes.get('/dashboard', {
    schema: {
      tags,
      summary:
        "The console's overview: today's and this week's money in and out (UTC, from Monday), new members, open tickets, work queues, liabilities, reconciliation and 14-day series; money figures only for roles with money.read",
      response: { 200: successEnvelope(dashboardData) },
    },
    config: { operatorPermission: 'console.use' },
    handler: async (request) => {
      const now = clock.now();
      return ok(
        await readDashboard(db, now, currentOperator(request).role, async () => {
          const [liabilities, check] = await Promise.all([
            readLiabilities(db, now, await timeZone()),
            reconciliation.read(),
          ]);
          return { liabilities, reconciliation: check };
        }),
      );
    },
  });

  routes.get('/reconciliation', {
    schema: {
      tags,
      summary:
        'The ledger re-derived from its postings: mismatches (if any), wallets by kind and the house accounts',
      response: { 200: successEnvelope(reconciliationData) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async () => ok(reconciliationView(await reconciliation.run())),
  });

  routes.get('/reconciliation.csv', {
    schema: {
      tags,
      summary: 'The reconciliation as CSV, one line per fact, exact decimal amounts',
      produces: ['text/csv'],
    },
    config: { operatorPermission: 'money.read' },
    handler: async (_request, reply) =>
      reply
        .headers(csvHeaders('reconciliation.csv'))
        .send(reconciliationCsv(await reconciliation.run())),
  });

  routes.get('/liabilities', {
    schema: {
      tags,
      summary:
        'What members could withdraw now, profit still promised by packages and incomes not yet credited, against deposits received minus withdrawals paid (net of fees: what was sent to members)',
      response: { 200: successEnvelope(liabilitiesData) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async () => ok(await readLiabilities(db, clock.now(), await timeZone())),
  });

  routes.get('/liabilities.csv', {
    schema: {
      tags,
      summary: 'The liabilities as CSV, one line per figure, exact decimal amounts',
      produces: ['text/csv'],
    },
    config: { operatorPermission: 'money.read' },
    handler: async (_request, reply) => {
      const now = clock.now();
      const figures = await readLiabilityMicros(db, now, await timeZone());
      return reply.headers(csvHeaders('liabilities.csv')).send(liabilitiesCsv(figures, now));
    },
  });
}
