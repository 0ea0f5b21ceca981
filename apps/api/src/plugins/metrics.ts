import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { countFailedMails } from '../core/mail-outbox/failed-mails.ts';
import { isLocalRequest } from './local-only.ts';
import { bearerToken } from './member-auth.ts';

/**
 * Prometheus metrics at /metrics: process defaults, request durations by route and status, and
 * the mails given up on (read from the database at each scrape, so every instance says the same).
 * They describe the traffic and the process, so only this machine reads them, or a scraper that
 * presents METRICS_TOKEN as a bearer token; anyone else gets the same 404 as an unknown path.
 */
export function registerMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const { database, clock } = app.ctx;
  new Gauge({
    name: 'mail_outbox_failed',
    help: 'Mails given up on after their last attempt in the last 7 days',
    registers: [registry],
    async collect() {
      // The process metrics matter most while the database is down: a failed count keeps the
      // gauge's last value rather than failing the whole scrape.
      try {
        this.set(await countFailedMails(database.db, clock.now()));
      } catch (error) {
        app.log.warn({ err: error }, 'could not count failed mails for /metrics');
      }
    },
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const canRead = tokenCheck(app.ctx.config.metricsToken);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalRequest(request) && !canRead(request)) return reply.callNotFound();
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

/** Compares digests in constant time, so the answer's timing says nothing about the token. */
function tokenCheck(token: string | undefined): (request: FastifyRequest) => boolean {
  if (!token) return () => false;
  const expected = createHash('sha256').update(token).digest();
  return (request) => {
    const presented = bearerToken(request);
    return (
      presented !== null &&
      timingSafeEqual(createHash('sha256').update(presented).digest(), expected)
    );
  };
}
