import { describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { freePort } from './testing/api-processes.ts';
import {
  describeTarget,
  openDatabaseAtStart,
  StartRefused,
  type StartDeps,
} from './start-database.ts';

// The start's wait for a database server that is not up yet, and its one-line refusals.

const refused = (port: number) =>
  Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), { code: 'ECONNREFUSED' });

/** Opens that fail `failures` times as an unreachable server does, on a clock the pauses move. */
function fakeDeps(failures: number) {
  let now = 0;
  const pauses: number[] = [];
  const database = { engine: 'postgres' } as Database;
  let attempts = 0;
  const deps: StartDeps = {
    open: async () => {
      attempts += 1;
      if (attempts <= failures) throw new AggregateError([refused(5432)]);
      return database;
    },
    sleep: async (ms) => {
      pauses.push(ms);
      now += ms;
    },
    now: () => now,
  };
  return { deps, pauses, database, attempts: () => attempts };
}

const warnings = () => {
  const lines: string[] = [];
  return { lines, logger: { warn: (line: string) => void lines.push(line) } as never };
};

const server = (url: string, timeoutMs = 30_000) => ({
  database: { url, poolSize: 2 },
  databaseStartTimeoutMs: timeoutMs,
});

describe('opening the database at start', () => {
  it('waits for a server that comes up, pausing longer each time', async () => {
    const fake = fakeDeps(5);
    const log = warnings();
    const opened = await openDatabaseAtStart(
      server('postgres://app:s3cret@db:5432/invest'),
      log.logger,
      fake.deps,
    );
    expect(opened).toBe(fake.database);
    expect(fake.pauses).toEqual([250, 500, 1_000, 2_000, 4_000]);
    expect(log.lines[0]).toBe(
      'database at db:5432/invest (user app) not reachable yet (connect ECONNREFUSED 127.0.0.1:5432); trying again in 0.3 s',
    );
    expect(log.lines.join('\n')).not.toContain('s3cret');
  });

  it('gives up after the configured time with one line saying what was tried', async () => {
    const fake = fakeDeps(Infinity);
    const attempt = openDatabaseAtStart(
      server('postgres://app:s3cret@db:6543/invest', 10_000),
      warnings().logger,
      fake.deps,
    );
    await expect(attempt).rejects.toThrow(StartRefused);
    const message = ((await attempt.catch((error: unknown) => error)) as Error).message;
    expect(message).toMatch(
      /^Start refused: the database at db:6543\/invest \(user app\) could not be reached within 10 s \(connect ECONNREFUSED/,
    );
    expect(message).toContain('Check that PostgreSQL is running');
    expect(message).not.toContain('s3cret');
    expect(message).not.toContain('\n');
    // Pauses of 0.25, 0.5, 1, 2, 4 s, then the last 2.25 s up to the deadline.
    expect(fake.pauses.reduce((sum, ms) => sum + ms, 0)).toBe(10_000);
  });

  it('tries once with DATABASE_START_TIMEOUT_MS=0, against a real port nobody listens on', async () => {
    const port = await freePort();
    const log = warnings();
    const attempt = openDatabaseAtStart(
      server(`postgres://app:s3cret@127.0.0.1:${port}/invest`, 0),
      log.logger,
    );
    await expect(attempt).rejects.toThrow(
      `the database at 127.0.0.1:${port}/invest (user app) could not be reached within 0 s`,
    );
    expect(log.lines).toEqual([]);
  });

  it('stops at once, naming the database, when the server says it does not exist', async () => {
    const fake = fakeDeps(0);
    fake.deps.open = () =>
      Promise.reject(
        Object.assign(new Error('database "invest" does not exist'), {
          code: '3D000',
          severity: 'FATAL',
        }),
      );
    const attempt = openDatabaseAtStart(
      server('postgres://app@db/invest'),
      warnings().logger,
      fake.deps,
    );
    await expect(attempt).rejects.toThrow(
      'Start refused: the database at db:5432/invest (user app) refused the start (database "invest" does not exist, SQLSTATE 3D000). Create that database',
    );
    expect(fake.pauses).toEqual([]);
  });

  it('names a Unix socket host and the defaults node-postgres uses', () => {
    expect(describeTarget('postgres:///invest?host=/var/run/postgresql')).toMatch(
      /^\/var\/run\/postgresql:5432\/invest \(user /,
    );
    expect(describeTarget('postgresql://ops%40corp:pw@[::1]:5433')).toBe(
      '[::1]:5433/ops@corp (user ops@corp)',
    );
  });
});
