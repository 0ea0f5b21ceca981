import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiProcesses } from '../testing/api-processes.ts';
import {
  createEmptyServerDatabase,
  testDatabaseUrl,
  type EmptyServerDatabase,
} from '../testing/database.ts';
import { openDatabase } from './client.ts';
import { MIGRATIONS_FOLDER } from './migrate.ts';
import { FUNCTIONS_FOLDER } from './repeatable-sql.ts';
import { GRANTS_FILE } from './request-role.ts';

const DB_FOLDER = dirname(MIGRATIONS_FOLDER);

// Several instances starting at the same moment on a database that is new, or one migration
// behind (a deploy), must all start: the migrations run once, under a lock, and the instances
// that waited find nothing left to do (decision 0013). Real server processes, as in production.

type Journal = { entries: { tag: string; when: number }[] };
const journal = JSON.parse(
  readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
) as Journal;

/** Each applied migration's journal time, in the order the database recorded them. */
async function appliedMigrations(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by id',
    );
    return rows.map((row) => Number(row.created_at));
  } finally {
    await client.end();
  }
}

type Release = {
  migrationsFolder: string;
  functionsFolder: string;
  grantsFile: string;
  remove: () => void;
};

const runGit = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: 'pipe' }).trim();

/** Runs git in `cwd`; its output, or null when git or a repository is not there. */
function gitIn(cwd: string, ...args: string[]): string | null {
  try {
    return runGit(cwd, ...args);
  } catch {
    return null;
  }
}

/** The checkout's root when git holds its whole history; null otherwise. */
function fullHistoryRoot(): string | null {
  const root = gitIn(DB_FOLDER, 'rev-parse', '--show-toplevel');
  return root && gitIn(root, 'rev-parse', '--is-shallow-repository') === 'false' ? root : null;
}

/**
 * The database part of the last release, as git holds it in the commit before the newest
 * migration was added (HEAD while that migration is not committed yet): its migrations, and its
 * own functions and grants, since today's may name a table only the newest migration creates.
 */
function previousReleaseFromGit(root: string, folder: string): Release {
  const git = (...args: string[]) => runGit(root, ...args);
  const newest = join(MIGRATIONS_FOLDER, `${journal.entries.at(-1)!.tag}.sql`);
  const added = git(
    'log',
    '--diff-filter=A',
    '--format=%H',
    '-n',
    '1',
    '--',
    relative(root, newest),
  );
  const release = added ? `${added}^` : 'HEAD';
  const archive = join(folder, 'release.tar');
  git('archive', '--format=tar', '-o', archive, release, relative(root, DB_FOLDER));
  execFileSync('tar', ['-xf', archive, '-C', folder]);
  const db = join(folder, relative(root, DB_FOLDER));
  return {
    migrationsFolder: join(db, 'migrations'),
    functionsFolder: join(db, 'functions'),
    grantsFile: join(db, 'roles', basename(GRANTS_FILE)),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * Without git's history (a source archive, a shallow clone): the committed migrations without
 * the newest, with today's functions and grants, which holds as long as those name no table the
 * newest migration creates.
 */
function previousReleaseWithoutGit(folder: string): Release {
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const older: Journal = { ...journal, entries: journal.entries.slice(0, -1) };
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(older));
  return {
    migrationsFolder: folder,
    functionsFolder: FUNCTIONS_FOLDER,
    grantsFile: GRANTS_FILE,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** What the last release shipped of the database, to start from one migration behind. */
function previousRelease(): Release {
  const root = fullHistoryRoot();
  return root
    ? previousReleaseFromGit(root, mkdtempSync(join(tmpdir(), 'previous-release-')))
    : previousReleaseWithoutGit(mkdtempSync(join(tmpdir(), 'migrations-')));
}

const everyMigration = journal.entries.map((entry) => entry.when);

/**
 * Holds the migrations table locked until released, so instances starting meanwhile all get as
 * far as reading it and queue there at the same moment: without the migrator's own lock they
 * would then all apply the new migration, which a lucky ordering of start-ups could hide.
 */
async function holdMigrationsTable(url: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query('lock table drizzle.__drizzle_migrations in access exclusive mode');
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}

/** Waits until `count` sessions on the database wait for a lock (the starting instances). */
async function waitForLockWaiters(url: string, databaseName: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let tries = 0; tries < 600; tries += 1) {
      const { rows } = await client.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
          where datname = $1 and wait_event_type = 'Lock'`,
        [databaseName],
      );
      if ((rows[0]?.waiting ?? 0) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`fewer than ${count} instances reached the migrations`);
  } finally {
    await client.end();
  }
}

describe.skipIf(!testDatabaseUrl)('migrations when instances start together (PostgreSQL)', () => {
  let database: EmptyServerDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('three instances started at once on an empty database all become healthy', async () => {
    database = await createEmptyServerDatabase();
    const servers = await startApiProcesses({ count: 3, databaseUrl: database.url });
    await servers.stop();

    expect(servers.processes).toHaveLength(3);
    expect(await appliedMigrations(database.url)).toEqual(everyMigration);
  });

  it('three instances started at once on a database one migration behind all become healthy', async () => {
    database = await createEmptyServerDatabase();
    const { remove, ...lastRelease } = previousRelease();
    try {
      const older = await openDatabase({ databaseUrl: database.url, ...lastRelease });
      await older.close();
    } finally {
      remove();
    }
    expect(await appliedMigrations(database.url)).toEqual(everyMigration.slice(0, -1));

    const release = await holdMigrationsTable(database.url);
    const starting = startApiProcesses({ count: 3, databaseUrl: database.url });
    try {
      await waitForLockWaiters(database.url, database.name, 3);
    } finally {
      await release();
    }
    const servers = await starting;
    await servers.stop();

    expect(await appliedMigrations(database.url)).toEqual(everyMigration);
  });
});
