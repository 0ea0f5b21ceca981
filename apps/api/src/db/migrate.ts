import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './client.ts';
import { applyRepeatableFiles, FUNCTIONS_FOLDER, readRepeatableFiles } from './repeatable-sql.ts';
import { grantRequestRole, type RequestRole } from './request-role.ts';
import {
  setLocalJobLimits,
  setRequestRoleLimits,
  type JobLimits,
  type RequestLimits,
} from './statement-limits.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Any constant shared by every instance: the advisory lock that lets one instance at a time
 * migrate. Its value means nothing else; it only has to differ from other locks on the database.
 */
export const MIGRATION_LOCK_KEY = 7_264_531_001;

/** How many versioned migrations ran, and which repeatable files were (re)applied. */
export type MigrationResult = { migrations: number; definitions: string[] };

/**
 * Applies the committed migrations that the database has not seen, and answers how many.
 *
 * Instances starting at once on a new or outdated database must not race: drizzle's own migrator
 * creates its schema and table outside any transaction and takes no lock, so two of them collide
 * on `CREATE SCHEMA "drizzle"` or on a table's `pg_type` row and one start fails. Here everything
 * happens in one transaction that first takes a transaction-scoped advisory lock: the others wait
 * on it, then read the bookkeeping table and find nothing left to do.
 *
 * Transaction-scoped (not session) lock, and one transaction for all of it, because behind a
 * pooler in transaction mode (PgBouncer) only a transaction is sure to stay on one server
 * connection: a session lock could be taken on one connection and never released on another.
 *
 * The bookkeeping is drizzle-kit's own (`drizzle.__drizzle_migrations`, ordered by the journal's
 * `when`), so databases migrated before this existed carry on where they were.
 *
 * Then, in the same transaction, the repeatable definitions (functions and their triggers,
 * db/functions, decision 0031) whose content changed since they were last applied, and the
 * request role's rights (decision 0030), so no instance ever serves on half of them.
 */
export async function applyMigrations(
  db: Db,
  options: {
    migrationsFolder?: string | undefined;
    functionsFolder?: string | undefined;
    /** Another request role grants file (tests of the migrator); default: db/roles. */
    grantsFile?: string | undefined;
    /** Created if it is derived and missing, then granted its rights (decision 0030). */
    requestRole?: RequestRole;
    /** The request role's lock, statement and idle timeouts in this database (decision 0039). */
    requestLimits?: RequestLimits;
    /** This transaction's own, once it holds the migration lock (decision 0039). */
    jobLimits?: JobLimits;
  } = {},
): Promise<MigrationResult> {
  const migrations = readMigrationFiles({
    migrationsFolder: options.migrationsFolder ?? MIGRATIONS_FOLDER,
  });
  const repeatables = readRepeatableFiles(options.functionsFolder ?? FUNCTIONS_FOLDER);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    // Only now: an instance waits for another's migration as long as that takes, but a schema
    // change waiting behind requests' row locks would queue every later request behind itself.
    if (options.jobLimits) await setLocalJobLimits(tx, options.jobLimits);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`
      create table if not exists drizzle.__drizzle_migrations (
        id serial primary key,
        hash text not null,
        created_at bigint
      )`);
    const result = (await tx.execute(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { last: string | number | null }[] };
    const last = Number(result.rows[0]?.last ?? -1);
    const pending = migrations.filter((migration) => migration.folderMillis > last);
    for (const migration of pending) {
      for (const statement of migration.sql) {
        if (statement.trim() !== '') await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at)
            values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
    const definitions = await applyRepeatableFiles(tx, repeatables);
    if (options.requestRole) {
      await grantRequestRole(tx, options.requestRole, options.grantsFile);
      if (options.requestLimits)
        await setRequestRoleLimits(tx, options.requestRole.name, options.requestLimits);
    }
    return { migrations: pending.length, definitions };
  });
}
