import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { readReserveOf } from '../../db/connection-pool.ts';
import { requestConnection } from '../../db/request-role.ts';
import { createServerTestDatabase, testDatabaseUrl } from '../../testing/database.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { fundedMember, tokenOf, usd } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call, type Call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { until } from '../../testing/wait.ts';
import { createDeposit, depositEffects, fundOf } from './test-support.ts';

// The probe's reproduction (decision 0039): a session holds one pending deposit FOR UPDATE while
// 30 confirms of it arrive on a pool of 20. Before, they took every connection and the whole API
// answered 503 until the lock went; now each gives up after lock_timeout with a busy answer and
// frees its connection, and reads never wait at all: they have connections of their own
// (decision 0041).

const POOL_SIZE = 20;
const CONFIRMS = 30;

let t: TestApp;
let database: Awaited<ReturnType<typeof createServerTestDatabase>>;

const isBusy = (answer: Call) =>
  answer.status === 409 && answer.body.error === 'BUSY' && answer.headers['retry-after'] === '2';

describe.skipIf(!testDatabaseUrl)('one locked deposit under 30 confirms (PostgreSQL)', () => {
  beforeAll(async () => {
    database = await createServerTestDatabase(POOL_SIZE);
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    if (t) await t.close();
    if (database) await database.close();
  });

  it('keeps health and member reads answering while confirms wait, and credits once', async () => {
    const memberId = await fundedMember(t, 0n);
    const reader = await fundedMember(t, usd('75'));
    const created = await createDeposit(t, memberId, { amount: 40, provider: 'manual' });
    const id = created.body.data.id as string;
    const token = await signInOperator(t, 'finance@stuck.example.com', 'finance');
    // Made now: the test's own way to a session writes outside any request, on the main pool.
    const readerToken = await tokenOf(t, reader);

    // Like the probe's psql: its own session, outside the app's pool, holding the row.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from deposits where id = $1 for update', [id]);

    let settled = 0;
    const confirms = Array.from({ length: CONFIRMS }, () =>
      call(t.app, 'POST', `operator/deposits/${id}/confirm`, undefined, { token }).finally(() => {
        settled += 1;
      }),
    );
    // The confirms hold every connection but the reads' reserve, and the rest queue behind
    // them: the probe's full pool.
    await until(() => (database.poolUsage?.().waiting ?? 0) > 0, 10_000);
    expect(database.poolUsage?.()).toMatchObject({
      size: POOL_SIZE,
      inUse: POOL_SIZE - readReserveOf(POOL_SIZE),
    });

    const health = await call(t.app, 'GET', 'health');
    const reads = [
      await call(t.app, 'GET', 'auth/wallet-balance', undefined, { token: readerToken }),
      await call(t.app, 'GET', 'auth/wallet', undefined, { token: readerToken }),
      await call(t.app, 'GET', 'secure/hist', undefined, { token: readerToken }),
    ];
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({
      database: 'up',
      engine: 'postgres',
      connections: { state: 'saturated', size: POOL_SIZE },
    });
    expect(reads.map((read) => read.status)).toEqual([200, 200, 200]);
    expect(reads[0]?.body.data.primary_wallet).toBe(75);
    // Answered from the reserve at once: every confirm still waits on the held row, none has
    // reached its lock timeout and given its connection back.
    expect(settled).toBe(0);
    expect((await holder.query('select 1 as held')).rows).toEqual([{ held: 1 }]);

    // Held past two lock timeouts, so the confirms queued behind the first wave give up too.
    const answers = await Promise.all(confirms);
    await holder.query('rollback');
    await holder.end();

    expect(answers.filter(isBusy).length).toBeGreaterThan(0);
    // None failed otherwise: busy, or (had the lock gone first) credited or already confirmed.
    for (const answer of answers)
      expect(isBusy(answer) || answer.status === 200 || answer.body.error === 'CONFLICT').toBe(
        true,
      );

    const retry = await call(t.app, 'POST', `operator/deposits/${id}/confirm`, undefined, {
      token,
    });
    const credited = answers.filter((answer) => answer.status === 200).length;
    expect(retry.status).toBe(credited === 0 ? 200 : 409);
    expect(credited + (retry.status === 200 ? 1 : 0)).toBe(1);
    expect(await fundOf(t, memberId)).toBe(usd('40'));
    expect(await depositEffects(t, memberId)).toEqual({
      credits: 1,
      notes: ['Deposit of $40.00 credited'],
      audits: ['deposit.confirm'],
    });
    await expectReconciled(database.db);
  });
});

describe.skipIf(!testDatabaseUrl)('the request role’s timeouts (PostgreSQL)', () => {
  let limited: Awaited<ReturnType<typeof createServerTestDatabase>>;
  const limits = { lockTimeoutMs: 700, statementTimeoutMs: 900, idleInTransactionTimeoutMs: 500 };
  const requestClient = async () => {
    const client = new pg.Client({ connectionString: requestConnection(limited.url).url });
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    limited = await createServerTestDatabase(4, limits);
  });
  afterAll(async () => {
    if (limited) await limited.close();
  });

  it('are every request session’s own, whatever pooler it comes through', async () => {
    const client = await requestClient();
    try {
      const { rows } = await client.query<Record<string, string>>(
        `select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as
          statement, current_setting('idle_in_transaction_session_timeout') as idle`,
      );
      expect(rows[0]).toEqual({ lock: '700ms', statement: '900ms', idle: '500ms' });
      await expect(client.query('select pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
    } finally {
      await client.end();
    }
  });

  it('end a session the server finds idle in its transaction', async () => {
    const client = await requestClient();
    client.on('error', () => undefined); // the server's goodbye arrives while the client idles
    // The connection ends only when the server ends it: had the timeout not fired, this waits
    // until the test's own timeout and fails.
    const endedByServer = new Promise((resolve) => client.once('end', resolve));
    await client.query('begin');
    await client.query('select 1');
    await endedByServer;
    await expect(client.query('select 1')).rejects.toThrow();
    await client.end().catch(() => undefined);
  });
});
