import type { Db } from './client.ts';

/**
 * The name to give drizzle's `.prepare()`: the empty name is PostgreSQL's unnamed statement,
 * which node-postgres parses anew with every execution and never remembers on a connection.
 * The SQL text is built once in the process, and nothing is left on a server connection, so it
 * is safe behind a pooler in transaction mode (PgBouncer), where each transaction may reach
 * another server connection and a named statement would be missing there or already exist
 * (decision 0006; db/built-once.test.ts checks the statement goes out unnamed).
 */
export const UNNAMED_STATEMENT = '';

/**
 * A query built by `build` once per database client and kept: a hot path's SQL is then not
 * rebuilt by drizzle for every request (about 15 % of the CPU of a request that runs one query).
 * Keyed weakly, so a closed database (tests open many) is not held.
 */
export function builtOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
