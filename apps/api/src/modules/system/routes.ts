import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { successEnvelope } from '@app/contracts';
import { builtOnce, textQueryOnce } from '../../db/built-once.ts';
import { isPoolSaturated } from '../../lib/database-failures.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { inTickBatches } from '../../lib/tick-batch.ts';

/** The health check's round trip, its SQL built once per database client. */
const pingDatabase = textQueryOnce(sql`select 1::text`, () => null);

/**
 * The checks that arrive in one turn of the event loop share one round trip (decision 0066), as
 * the session lookups do: each is answered by a `select 1` that started after it arrived, and a
 * failure fails all of them alike, so what each check says is as true as its own round trip.
 */
const pingInTurns = builtOnce((db) => {
  const ping = pingDatabase(db);
  return inTickBatches(async (checks: null[]) => {
    await ping();
    return checks.map(() => null);
  });
});

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;

  routes.get('/health', {
    schema: {
      tags: ['system'],
      summary: 'Liveness with a database round trip',
      response: {
        200: successEnvelope(
          z.object({
            database: z.literal('up'),
            engine: z.string(),
            time: z.string(),
            // The request pool (a server only): `saturated` while requests queue for a
            // connection; the database answered all the same (decision 0039).
            connections: z
              .object({
                state: z.enum(['ok', 'saturated']),
                size: z.number(),
                inUse: z.number(),
                waiting: z.number(),
              })
              .optional(),
          }),
        ),
      },
    },
    handler: async (request) => {
      try {
        await pingInTurns(database.db)(null);
      } catch (error) {
        // The pool full for the whole wait is not the database down: say which it is.
        if (isPoolSaturated(error)) {
          request.log.warn({ err: error }, 'health check: every database connection busy');
          throw new AppError('UNAVAILABLE', 'Database connections all busy (pool saturated)');
        }
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('UNAVAILABLE', 'Database unreachable');
      }
      const usage = database.poolUsage?.();
      return ok(
        {
          database: 'up' as const,
          engine: database.engine,
          time: clock.now().toISOString(),
          ...(usage && {
            connections: { state: usage.waiting > 0 ? 'saturated' : 'ok', ...usage },
          }),
        },
        'OK',
      );
    },
  });
}
