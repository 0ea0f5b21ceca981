import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

/** The PostgreSQL server the `*.pg.test.ts` suites run against (set by .ci/run). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** A fresh in-memory PGlite with every migration applied. */
export function createPgliteTestDatabase(): Promise<Database> {
  return openDatabase({ dataDir: null });
}

/**
 * A fresh, empty database on the PostgreSQL server of TEST_DATABASE_URL, migrated; closing it
 * drops it, so suites never see each other's rows.
 */
export async function createServerTestDatabase(poolSize = 60): Promise<Database & { url: string }> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await runAdmin(`create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await runAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}

async function runAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
