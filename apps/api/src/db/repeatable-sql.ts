import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

// Repeatable definitions (decision 0031): every PL/pgSQL function, and the triggers that call
// them, is defined once, in one file under db/functions, and re-applied whenever that file
// changes, like Flyway's `R__` files. Versioned migrations hold only table changes.

export const FUNCTIONS_FOLDER = fileURLToPath(new URL('./functions', import.meta.url));

export type RepeatableFile = {
  /** Path below the folder with `/` separators, e.g. `income/settle.sql`: also the apply order. */
  name: string;
  hash: string;
  statements: string[];
};

/** Every `.sql` file below `folder`, in path order (the same on every machine and instance). */
export function readRepeatableFiles(folder = FUNCTIONS_FOLDER): RepeatableFile[] {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.sql'))
    .map((entry) => join(entry.parentPath, entry.name));
  return files
    .map((path) => {
      const text = readFileSync(path, 'utf8');
      return {
        name: relative(folder, path).split(sep).join('/'),
        hash: createHash('sha256').update(text).digest('hex'),
        // Same separator as drizzle's migrations: PGlite runs one statement per query.
        statements: text.split('--> statement-breakpoint').filter((part) => part.trim() !== ''),
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Applies the files whose content differs from what the database last applied under that name,
 * and answers their names. Runs inside the migrator's transaction, under its lock, after the
 * versioned migrations: the tables a definition or trigger refers to exist by then. A file
 * removed from the folder leaves its function in the database (dropping one is a migration).
 */
export async function applyRepeatableFiles(tx: Tx, files: RepeatableFile[]): Promise<string[]> {
  await tx.execute(sql`
    create table if not exists drizzle.repeatable_sql (
      name text primary key,
      hash text not null,
      applied_at timestamptz not null default now()
    )`);
  const applied = (await tx.execute(
    sql`select name, hash from drizzle.repeatable_sql`,
  )) as unknown as {
    rows: { name: string; hash: string }[];
  };
  const known = new Map(applied.rows.map((row) => [row.name, row.hash]));
  const changed = files.filter((file) => known.get(file.name) !== file.hash);
  for (const file of changed) {
    for (const statement of file.statements) await tx.execute(sql.raw(statement));
    await tx.execute(sql`
      insert into drizzle.repeatable_sql (name, hash) values (${file.name}, ${file.hash})
      on conflict (name) do update set hash = excluded.hash, applied_at = now()`);
  }
  return changed.map((file) => file.name);
}
