import type { SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
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

/** Only turns SQL into text and parameters; nothing of a connection. */
const dialect = new PgDialect();

/** A row as a query of `textQueryOnce` hands it over: one string (or null) per column. */
export type TextRow = (string | null)[];

/**
 * A hot path's query whose columns are all text (cast in its SQL), built once per database
 * client and sent unnamed like `builtOnce`'s, each row decoded by `decode` from the driver's
 * array of strings. drizzle's own row mapping checks every field's class on every row, a fifth
 * of the CPU of a request whose batched query reads a hundred rows (the session lookup); text
 * columns are the same strings from both drivers, so one decoder serves PGlite and node-postgres.
 */
export function textQueryOnce<Row>(
  query: SQL,
  decode: (row: TextRow) => Row,
): (db: Db) => (values?: Record<string, unknown>) => Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return builtOnce((db) => {
    const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(
      { sql: text, params },
      undefined,
      UNNAMED_STATEMENT,
      true,
      (rows) => (rows as TextRow[]).map(decode),
    );
    return (values) => prepared.execute(values);
  });
}
