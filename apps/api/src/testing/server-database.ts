import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Databases made and dropped on the PostgreSQL server of TEST_DATABASE_URL. Only `pg` here, none
// of the app: the browser journeys' runner makes its servers' databases with it too.

/**
 * The PostgreSQL server the `*.pg.test.ts` suites run against (set by .ci/run). `npm test` runs
 * those suites twice: straight to the server, and through PgBouncer in transaction mode.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;
/**
 * Where databases are created and dropped: the server itself, even when the suites' own traffic
 * goes through a pooler (TEST_DATABASE_URL then names the pooler). Defaults to TEST_DATABASE_URL.
 */
const adminDatabaseUrl = process.env.TEST_ADMIN_DATABASE_URL ?? testDatabaseUrl;

export type EmptyServerDatabase = { url: string; name: string; drop: () => Promise<void> };

/**
 * A new database with nothing in it (not even migrations), reached like TEST_DATABASE_URL; its
 * name starts with `prefix`, so one left behind says who made it.
 */
export async function createEmptyServerDatabase(prefix = 'test'): Promise<EmptyServerDatabase> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runAdmin(`create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => runAdmin(`drop database if exists ${name} with (force)`),
  };
}

/** One statement on the server's own database (outside any pooler). */
export async function runAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
