import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';
import type { RequestLimits } from '../db/statement-limits.ts';
import { migratedPgliteCopy } from './pglite-template.ts';
import { TEST_START } from './test-clock.ts';

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

/**
 * A fresh PGlite with every migration applied: a copy of a migrated template (see
 * pglite-template.ts), opened the way the app opens its data directory, so the migrator still
 * runs and finds nothing left to do. Its `db` acts as the request role, as the app's does;
 * `actAs: 'owner'` switches the connection back to the owner for good, for the few suites that
 * test the database's own guards against what no request may even try (the triggers, forged
 * rows reconciliation must find). Prefer `asOwner` for a single statement.
 */
export async function createPgliteTestDatabase(
  options: { actAs?: 'request' | 'owner' } = {},
): Promise<Database> {
  const copy = await migratedPgliteCopy(async (dataDir) => {
    const template = await openDatabase({ dataDir });
    await datePlanBeforeTests(template);
    await template.close();
  });
  const database = await openDatabase({ dataDir: copy.dataDir }).catch(async (error: unknown) => {
    copy.remove();
    throw error;
  });
  await datePlanBeforeTests(database);
  if (options.actAs === 'owner') await database.db.execute(sql`reset role`);
  return {
    ...database,
    close: async () => {
      await database.close();
      copy.remove();
    },
  };
}

/**
 * A table a test makes for itself: created by the owner (the request role may not create
 * anything in the schema), then given to the request role the test's queries run as.
 */
export async function createTestTable(
  database: Database,
  name: string,
  columns: string,
): Promise<void> {
  await database.asOwner(async (owner) => {
    await owner.execute(sql.raw(`create table ${name} (${columns})`));
    await owner.execute(sql.raw(`grant all on ${name} to "${database.requestRole}"`));
  });
}

/**
 * The migrations write their plan versions at the real time of the run, months after the test
 * clock's days; the plan "in force when a week ended" would then be none of them. The test world
 * starts after them instead: the versions the migrations wrote date from the start of 2026.
 */
async function datePlanBeforeTests(database: Database): Promise<void> {
  await database.db.execute(
    sql`update plan_versions set created_at = timestamptz '2026-01-01 00:00:00+00' + version * interval '1 second'
    where published_by is null and created_at > ${TEST_START.toISOString()}::timestamptz`,
  );
}

export type EmptyServerDatabase = { url: string; name: string; drop: () => Promise<void> };

/** A new database with nothing in it (not even migrations), reached like TEST_DATABASE_URL. */
export async function createEmptyServerDatabase(): Promise<EmptyServerDatabase> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await runAdmin(`create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => runAdmin(`drop database if exists ${name} with (force)`),
  };
}

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL, migrated; closing it drops
 * it, so suites never see each other's rows.
 */
export async function createServerTestDatabase(
  poolSize = 60,
  requestLimits?: RequestLimits,
): Promise<Database & { url: string }> {
  const empty = await createEmptyServerDatabase();
  const database = await openDatabase({
    databaseUrl: empty.url,
    poolSize,
    ...(requestLimits && { requestLimits }),
  });
  await datePlanBeforeTests(database);
  return {
    ...database,
    url: empty.url,
    close: async () => {
      await database.close();
      await empty.drop();
    },
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
