import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { successEnvelope } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;

  routes.get('/health', {
    schema: {
      tags: ['system'],
      summary: 'Liveness with a database round trip',
      response: {
        200: successEnvelope(
          z.object({ database: z.literal('up'), engine: z.string(), time: z.string() }),
        ),
      },
    },
    handler: async (request) => {
      try {
        await database.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('UNAVAILABLE', 'Database unreachable');
      }
      return ok(
        { database: 'up' as const, engine: database.engine, time: clock.now().toISOString() },
        'OK',
      );
    },
  });
}
