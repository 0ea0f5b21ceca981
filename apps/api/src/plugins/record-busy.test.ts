import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { call } from '../testing/requests.ts';
import { idempotent } from './idempotency.ts';

// How a statement stopped by its limits, and a full pool, answer (decision 0039). The failures
// are made as the drivers make them: a PostgreSQL error with its SQLSTATE that drizzle wraps as
// its query error's cause, and pg-pool's own words.

const pgError = (code: string, message: string) =>
  new Error('Failed query: select …', { cause: Object.assign(new Error(message), { code }) });

const failures: Record<string, () => Error> = {
  lock: () => pgError('55P03', 'canceling statement due to lock timeout'),
  nowait: () => pgError('55P03', 'could not obtain lock on row in relation "deposits"'),
  statement: () => pgError('57014', 'canceling statement due to statement timeout'),
  pool: () => new Error('timeout exceeded when trying to connect'),
  down: () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
};

let t: TestApp;
let runs = 0;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: async (app) => {
      app.get<{ Params: { kind: string } }>('/test/fail/:kind', async (request) => {
        throw failures[request.params.kind]!();
      });
      // A money route that is busy the first time it runs and succeeds the second.
      app.post('/test/money', { preHandler: idempotent }, async () => {
        runs += 1;
        if (runs === 1) throw failures.lock!();
        return { status: 'success', message: 'done', data: { runs } };
      });
    },
  });
});
afterAll(() => t.close());

describe('a busy record or a full pool', () => {
  it.each(['lock', 'nowait', 'statement'])(
    'answers a %s timeout 409 BUSY with Retry-After, never 500',
    async (kind) => {
      const answer = await call(t.app, 'GET', `/test/fail/${kind}`);
      expect(answer.status).toBe(409);
      expect(answer.headers['retry-after']).toBe('2');
      expect(answer.body).toEqual({
        status: 'error',
        error: 'BUSY',
        message:
          'This record is busy with another operation; nothing was changed, please try again in a few seconds',
      });
    },
  );

  it('answers a full pool 503 busy, not unreachable', async () => {
    const answer = await call(t.app, 'GET', '/test/fail/pool');
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.body).toEqual({
      status: 'error',
      error: 'UNAVAILABLE',
      message: 'The service is busy, please try again shortly',
    });
  });

  it('still answers a database that cannot be reached as unavailable', async () => {
    const answer = await call(t.app, 'GET', '/test/fail/down');
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe('The service is unavailable, please try again shortly');
  });

  it('frees the Idempotency-Key of a busy answer, so its retry runs and is then replayed', async () => {
    const send = () =>
      call(
        t.app,
        'POST',
        '/test/money',
        { amount: 1 },
        { headers: { 'idempotency-key': 'busy-1' } },
      );
    expect((await send()).status).toBe(409);
    const retried = await send();
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual({ runs: 2 });
    const replayed = await send();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.data).toEqual({ runs: 2 });
    expect(runs).toBe(2);
  });

  it('sets the request limits on PGlite’s one connection', async () => {
    const rows = await queryRows<Record<string, string>>(
      t.ctx.database.db,
      sql`select current_setting('lock_timeout') as lock,
        current_setting('statement_timeout') as statement,
        current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(rows[0]).toEqual({ lock: '3s', statement: '15s', idle: '30s' });
  });
});
