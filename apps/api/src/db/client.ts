import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { openPool, openRequestPool, type PoolUsage } from './connection-pool.ts';
import { applyMigrations, MIGRATION_LOCK_KEY } from './migrate.ts';
import {
  derivedRequestRole,
  requestConnection,
  resetRequestRolePassword,
  signInAsRequestRole,
} from './request-role.ts';
import {
  DEFAULT_JOB_LIMITS,
  DEFAULT_REQUEST_LIMITS,
  sessionLimitsSql,
  type JobLimits,
  type RequestLimits,
} from './statement-limits.ts';
import * as consoleTables from './schema/console.ts';
import * as ledgerTables from './schema/ledger.ts';
import * as memberFileTables from './schema/member-files.ts';
import * as memberNoteTables from './schema/member-notes.ts';
import * as memberTables from './schema/members.ts';
import * as moneyFlowTables from './schema/money-flows.ts';
import * as operatorTables from './schema/operators.ts';
import * as packageTables from './schema/packages.ts';
import * as platformTables from './schema/platform.ts';
import * as supportTables from './schema/support.ts';
import * as teamTables from './schema/team.ts';
import * as verificationTables from './schema/verification.ts';

// Drizzle types its client with every table, so the full schema is assembled here, the one
// file besides ledger/ that may import the ledger's tables; there is no schema barrel that
// would hand those tables to modules (eslint.config.js).
const schema = {
  ...consoleTables,
  ...ledgerTables,
  ...memberFileTables,
  ...memberNoteTables,
  ...memberTables,
  ...moneyFlowTables,
  ...operatorTables,
  ...packageTables,
  ...platformTables,
  ...supportTables,
  ...teamTables,
  ...verificationTables,
};
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  /**
   * Every request and job: connections that act as the request role, which may read the
   * ledger's tables but write them only through the ledger's functions (decision 0030).
   */
  db: Db;
  /** `pglite` is one embedded connection; `postgres` is a pool against a server. */
  engine: 'pglite' | 'postgres';
  /** The request role's name (tests grant it what they create). */
  requestRole: string;
  /** The request pool's connections now (a server only; PGlite has its one). */
  poolUsage?: () => PoolUsage;
  /**
   * Runs `fn` as the role that owns the tables and migrates them. For tests of the database's own
   * guards and setup that no request may do; on PGlite it switches the one connection back
   * meanwhile, so nothing else may run on it until `fn` ends.
   */
  asOwner: <T>(fn: (owner: Db) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

export type DatabaseOptions = (
  | {
      databaseUrl: string;
      /** The request role's own URL (an operator-made role); default: derived, see request-role.ts. */
      requestUrl?: string;
      poolSize?: number;
    }
  | { dataDir: string | null } // null: in memory (tests)
) & {
  /** Another migrations folder (tests of the migrator); default: the committed migrations. */
  migrationsFolder?: string;
  /** Another folder of repeatable definitions (tests of the migrator); default: db/functions. */
  functionsFolder?: string;
  /** Another request role grants file (tests of the migrator); default: db/roles. */
  grantsFile?: string;
  /** The request role's timeouts (decision 0039); default DEFAULT_REQUEST_LIMITS. */
  requestLimits?: RequestLimits;
  /** The migration's own lock and statement timeouts; default DEFAULT_JOB_LIMITS. */
  jobLimits?: JobLimits;
};

/** How long a request may wait for a database connection (a new one, or a turn in the pool). */
const CONNECTION_TIMEOUT_MS = 10_000;

/** The pool settings of a URL: a server (or pooler) that accepts connections but never answers,
 * or a pool exhausted for this long, fails the request with 503 and Retry-After instead of
 * hanging it. */
const poolConfig = (url: string, max: number) => ({
  connectionString: url,
  max,
  connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
});

/**
 * Opens the database and applies every committed migration before anything else runs: as the
 * owner (the URL's user, or PGlite's), which then grants the request role its rights; requests
 * get connections that act as the request role.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const requestLimits = options.requestLimits ?? DEFAULT_REQUEST_LIMITS;
  const migration = {
    migrationsFolder: options.migrationsFolder,
    functionsFolder: options.functionsFolder,
    grantsFile: options.grantsFile,
    requestLimits,
    jobLimits: options.jobLimits ?? DEFAULT_JOB_LIMITS,
  };
  if ('databaseUrl' in options) {
    const request = requestConnection(options.databaseUrl, options.requestUrl);
    // Two connections at most: the migration, and the rare owner work of tests.
    const ownerPool = openPool(poolConfig(options.databaseUrl, 2));
    // bigint columns come back as strings from pg by default; drizzle maps them for mode 'bigint'.
    const owner = drizzlePg(ownerPool, { schema }) as unknown as Db;
    const { pool, usage } = openRequestPool(poolConfig(request.url, options.poolSize ?? 20));
    const close = async () => {
      await pool.end();
      await ownerPool.end();
    };
    try {
      await applyMigrations(owner, { ...migration, requestRole: request.role });
      await signInAsRequestRole(pool, request.role, () =>
        resetRequestRolePassword(owner, request.role, MIGRATION_LOCK_KEY),
      );
    } catch (error) {
      await close();
      throw error;
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      requestRole: request.role.name,
      poolUsage: usage,
      asOwner: (fn) => fn(owner),
      close,
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite is one connection, signed in as its superuser: after migrating, the connection acts
  // as the request role for the rest of its life (SET ROLE, a session setting; there is no
  // pooler in between). Decision 0030 says what this does and does not guarantee.
  const { rows } = await client.query<{ owner: string }>('select current_user as owner');
  const role = derivedRequestRole(rows[0]!.owner, null);
  await applyMigrations(db, { ...migration, requestRole: role });
  const actAsRequestRole = () => client.query(`set role "${role.name}"`);
  await actAsRequestRole();
  // A role's defaults apply when a session signs in, never on SET ROLE: set here (decision 0039).
  await client.exec(sessionLimitsSql(requestLimits));
  return {
    db,
    engine: 'pglite',
    requestRole: role.name,
    asOwner: async (fn) => {
      await client.query('reset role');
      try {
        return await fn(db);
      } finally {
        await actAsRequestRole();
      }
    },
    close: () => client.close(),
  };
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
