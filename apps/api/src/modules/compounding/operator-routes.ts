import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { compoundingRunData, microsToDollars, successEnvelope } from '@app/contracts';
import { runCompounding } from './compounding-run.ts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { recordAudit } from '../../core/audit.ts';

/** Operator trigger of the daily compounding run (the scheduler runs the same function). */
export async function compoundingJobRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;

  routes.post('/jobs/compounding/run', {
    schema: {
      tags: ['operator'],
      summary:
        'Run compounding income now for every due business day; days already done are skipped',
      response: { 200: successEnvelope(compoundingRunData) },
    },
    config: { operatorPermission: 'jobs.run' },
    handler: async (request) => {
      const now = clock.now();
      const report = await runCompounding(db, now, {
        batchSize: config.jobs.compoundingBatchSize,
      });
      const days = report.days.map((day) => ({ ...day, amount: microsToDollars(day.amount) }));
      // The run is many transactions; the audit row records who ran it and what it completed.
      await recordAudit(db, {
        operatorId: currentOperator(request).operatorId,
        action: 'jobs.compounding.run',
        targetType: 'job',
        targetId: 'compounding',
        detail: { days },
        ip: request.ip,
        now,
      });
      return ok({ days }, days.length ? 'Compounding income paid' : 'Nothing was due');
    },
  });
}
