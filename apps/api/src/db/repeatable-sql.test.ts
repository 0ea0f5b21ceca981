import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { queryRows, type Database } from './client.ts';
import { applyMigrations, MIGRATIONS_FOLDER } from './migrate.ts';
import { FUNCTIONS_FOLDER, readRepeatableFiles } from './repeatable-sql.ts';

// Each function has one definition, in one file of db/functions, and the migrator re-applies a
// file exactly when its content changed (decision 0031). PGlite, the engine of `npm start`.

const definedIn = (text: string) =>
  [...text.matchAll(/create\s+(?:or\s+replace\s+)?function\s+(\w+)/gi)].map((match) => match[1]!);

const repeatables = readRepeatableFiles();
const functionNames = repeatables.flatMap((file) => definedIn(file.statements.join('\n')));

let database: Database;
let folder: string;

/** The public schema's functions, with how many definitions of each the database holds. */
async function functionsInDatabase(): Promise<Map<string, number>> {
  const rows = await queryRows<{ name: string; count: number }>(
    database.db,
    sql`select proname as name, count(*)::int as count from pg_proc
        where pronamespace = 'public'::regnamespace group by proname`,
  );
  return new Map(rows.map((row) => [row.name, row.count]));
}

const dollarsText = async () =>
  (await queryRows<{ text: string }>(database.db, sql`select dollars_text(1500000) as text`))[0]!
    .text;

describe('repeatable definitions', () => {
  it('define each function in exactly one file, and no migration defines one', () => {
    expect(functionNames).toHaveLength(new Set(functionNames).size);
    expect(functionNames).toEqual(
      expect.arrayContaining(['package_claim_profit', 'incomes_settle']),
    );
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    for (const { tag } of journal.entries) {
      const text = readFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
      expect(definedIn(text), tag).toEqual([]);
    }
  });
});

describe('the migrator, on a database migrated from the committed files', () => {
  // Each test starts from a copy of the run's migrated template (as every API test does: a
  // database migrated from nothing again for each test was most of this file's 37 s) and its own
  // copy of the files, so what one test edits or records never decides another's outcome.
  beforeEach(async () => {
    database = await createPgliteTestDatabase();
    folder = mkdtempSync(join(tmpdir(), 'functions-'));
    cpSync(FUNCTIONS_FOLDER, folder, { recursive: true });
  }, 60_000);
  afterEach(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('give a fresh database each function once', async () => {
    const inDatabase = await functionsInDatabase();
    for (const name of functionNames) expect(inDatabase.get(name), name).toBe(1);
    expect([...inDatabase.keys()].sort()).toEqual([...functionNames].sort());
  });

  it('re-apply a file whose content changed on the next start, and only that file', async () => {
    expect(await dollarsText()).toBe('$1.50');
    const file = join(folder, 'format/dollars-text.sql');
    writeFileSync(file, readFileSync(file, 'utf8').replace("'$' ||", "'USD ' ||"));
    const result = await database.asOwner((owner) =>
      applyMigrations(owner, { functionsFolder: folder }),
    );
    expect(result).toEqual({ migrations: 0, definitions: ['format/dollars-text.sql'] });
    expect(await dollarsText()).toBe('USD 1.50');
  });

  it('leave an unchanged file alone', async () => {
    // A definition changed behind the migrator's back stays: its file was not run again.
    await database.asOwner((owner) =>
      owner.execute(
        sql`create or replace function dollars_text(micros bigint) returns text language sql as $$ select 'untouched' $$`,
      ),
    );
    const result = await database.asOwner((owner) =>
      applyMigrations(owner, { functionsFolder: folder }),
    );
    expect(result).toEqual({ migrations: 0, definitions: [] });
    expect(await dollarsText()).toBe('untouched');
  });

  it('replace every definition of a database migrated before the bookkeeping existed', async () => {
    // What the old code left: the functions (here one of them outdated), no record of the files.
    const result = await database.asOwner(async (owner) => {
      await owner.execute(sql`drop table drizzle.repeatable_sql`);
      return applyMigrations(owner);
    });
    expect(result.definitions).toEqual(repeatables.map((file) => file.name));
    expect(await dollarsText()).toBe('$1.50');
    const inDatabase = await functionsInDatabase();
    for (const name of functionNames) expect(inDatabase.get(name), name).toBe(1);
  });
});
