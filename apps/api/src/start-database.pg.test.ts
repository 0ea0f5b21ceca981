import { describe, expect, it } from 'vitest';
import { openDatabaseAtStart } from './start-database.ts';
import { testDatabaseUrl } from './testing/database.ts';

// The local PostgreSQL server asked for a database it does not have: the start stops at once
// with a line naming that database and its host, as the server said it (no waiting, no stack).

describe('a start on a database the server does not have', () => {
  it('names the database, host and user, never the password, without waiting', async () => {
    const url = new URL(testDatabaseUrl!);
    const name = `missing_${Date.now().toString(36)}`;
    url.pathname = `/${name}`;
    url.password = 'not-the-password-2026';
    const warnings: string[] = [];
    const started = Date.now();
    const attempt = openDatabaseAtStart(
      { database: { url: url.toString(), poolSize: 1 }, databaseStartTimeoutMs: 30_000 },
      { warn: (line: string) => void warnings.push(line) } as never,
    );
    const error = await attempt.then(
      () => null,
      (caught: Error) => caught,
    );
    const user = decodeURIComponent(url.username) || 'postgres';
    expect(error?.message).toContain(
      `the database at ${url.hostname}:${url.port || '5432'}/${name} (user ${user}) refused the start (`,
    );
    // The test server trusts local connections, so the password is never checked. Through
    // PgBouncer the server's words arrive under the pooler's code 08P01.
    expect(error?.message).toMatch(
      new RegExp(`\\(database "${name}" does not exist, SQLSTATE (3D000|08P01)\\)`),
    );
    expect(error?.message).not.toContain('not-the-password-2026');
    expect(warnings).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
