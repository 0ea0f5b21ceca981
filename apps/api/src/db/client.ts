import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { applyMigrations } from './migrate.ts';
import * as consoleTables from './schema/console.ts';
import * as ledgerTables from './schema/ledger.ts';
import * as memberTables from './schema/members.ts';
import * as moneyFlowTables from './schema/money-flows.ts';
import * as operatorTables from './schema/operators.ts';
import * as packageTables from './schema/packages.ts';
import * as platformTables from './schema/platform.ts';
import * as supportTables from './schema/support.ts';
import * as teamTables from './schema/team.ts';

// Drizzle types its client with every table, so the full schema is assembled here, the one
// file besides ledger/ that may import the ledger's tables; there is no schema barrel that
// would hand those tables to modules (eslint.config.js).
const schema = {
  ...consoleTables,
  ...ledgerTables,
  ...memberTables,
  ...moneyFlowTables,
  ...operatorTables,
  ...packageTables,
  ...platformTables,
  ...supportTables,
  ...teamTables,
};
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  /** `pglite` is one embedded connection; `postgres` is a pool against a server. */
  engine: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseOptions = (
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string | null } // null: in memory (tests)
) & {
  /** Another migrations folder (tests of the migrator); default: the committed migrations. */
  migrationsFolder?: string;
  /** Another folder of repeatable definitions (tests of the migrator); default: db/functions. */
  functionsFolder?: string;
};

/** How long a request may wait for a database connection (a new one, or a turn in the pool). */
const CONNECTION_TIMEOUT_MS = 10_000;

/** Opens the database and applies every committed migration before anything else runs. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      // A server (or pooler) that accepts connections but never answers, or a pool exhausted
      // for this long, fails the request with 503 and Retry-After instead of hanging it.
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    // An idle connection the server closed (restart, failover) is dropped by the pool and the
    // next query opens a new one; without a listener the error would end the process.
    pool.on('error', (error) => console.warn(`database: idle connection lost (${error.message})`));
    // bigint columns come back as strings from pg by default; drizzle maps them for mode 'bigint'.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await applyMigrations(db, options.migrationsFolder, options.functionsFolder);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await applyMigrations(db, options.migrationsFolder, options.functionsFolder);
  return { db, engine: 'pglite', close: () => client.close() };
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`; the generic database
 * type cannot say so, hence the one cast here rather than at every call.
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Executor,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
