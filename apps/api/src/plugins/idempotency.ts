import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { keepLease, type Lease } from './idempotency-lease.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only interfaces
  interface FastifyRequest {
    idempotency?: { scope: string; key: string; lease: Lease };
  }
}

type StoredKey = {
  route: string;
  request_hash: string;
  state: string;
  status_code: number | null;
  response: unknown;
  locked_until: string | Date;
};

/** Key order must not change the fingerprint: {a,b} and {b,a} are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Route-level preHandler for money POSTs (the member group checked the session in onRequest).
 * With an Idempotency-Key: the first request runs and its response is stored; the same key and
 * body replays that response; another body answers 409; a duplicate arriving while the first
 * still runs answers 409 too, so concurrent duplicates have one effect.
 */
export async function idempotent(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new AppError('BAD_REQUEST', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  const { database, clock, config } = request.server.ctx;
  const scope = request.member?.memberId ?? `ip:${request.ip}`;
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const requestHash = createHash('sha256')
    .update(canonicalJson(request.body ?? null))
    .digest('hex');
  const now = clock.now();
  // A lease the request renews while it runs (idempotency-lease.ts), so a crashed holder's
  // key is free again within IDEMPOTENCY_LEASE_MS.
  const lockedUntil = new Date(now.getTime() + config.idempotencyLeaseMs);

  const claimed = await queryRows(
    database.db,
    sql`
    insert into idempotency_keys (scope, key, route, request_hash, state, created_at, locked_until)
    values (${scope}, ${key}, ${route}, ${requestHash}, 'processing', ${now}, ${lockedUntil})
    on conflict (scope, key) do update set locked_until = excluded.locked_until
      where idempotency_keys.state = 'processing' and idempotency_keys.locked_until < ${now}
        and idempotency_keys.request_hash = excluded.request_hash and idempotency_keys.route = excluded.route
    returning key`,
  );
  if (claimed.length > 0) {
    const lease = keepLease({
      db: database.db,
      clock,
      log: request.log,
      scope,
      key,
      lockedUntil,
      leaseMs: config.idempotencyLeaseMs,
    });
    // Renewed until onSend below stores the answer, which Fastify runs even when the client has
    // gone: the handler is still running then, and its key must stay its own.
    request.idempotency = { scope, key, lease };
    return undefined;
  }
  const found = await queryRows<StoredKey>(
    database.db,
    sql`
    select route, request_hash, state, status_code, response, locked_until from idempotency_keys
    where scope = ${scope} and key = ${key}`,
  );
  const stored = found[0];
  if (!stored || stored.route !== route || stored.request_hash !== requestHash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request',
    );
  }
  if (stored.state !== 'done') {
    throw new AppError(
      'IDEMPOTENCY_IN_PROGRESS',
      'A request with this Idempotency-Key is still being processed',
      { 'retry-after': '1' },
    );
  }
  reply.header('idempotent-replayed', 'true');
  return reply.code(stored.status_code ?? 200).send(stored.response);
}

/**
 * Stores the outcome of a claimed key; a 5xx or a busy answer releases the key so the client may
 * retry. Both
 * only while the row still carries this holder's lease: a key taken over is the new holder's.
 */
export function registerIdempotencyStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    if (!(await claim.lease.stop())) return payload;
    const { db } = app.ctx.database;
    const held = sql`scope = ${claim.scope} and key = ${claim.key}
      and state = 'processing' and locked_until = ${claim.lease.until()}`;
    // An answer that says "try again" (any 5xx; a busy record's 409 with Retry-After, decision
    // 0039) did nothing that stands: the key is released so the retry with it runs anew.
    if (reply.statusCode >= 500 || reply.hasHeader('retry-after')) {
      await db.execute(sql`delete from idempotency_keys where ${held}`);
      return payload;
    }
    const body = typeof payload === 'string' ? payload : null;
    await db.execute(sql`
      update idempotency_keys set state = 'done', status_code = ${reply.statusCode}, response = ${body}::jsonb
      where ${held}`);
    return payload;
  });
}
