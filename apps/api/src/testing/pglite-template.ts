import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A fresh PGlite costs its cluster's start plus 21 migrations, seconds of CPU each time, and the
// API suites open hundreds. A migrated data directory copied is several times cheaper (figures
// in docs/benchmarks.md). The template is made once per version of the database's definition
// and shared by every test worker: a worker that finds none builds one under a name of its own
// and renames it into place, so two workers never write the same directory.

const DB_FOLDER = fileURLToPath(new URL('../db/', import.meta.url));
/** What a migrated database is made of: a change to any of these makes a new template. */
const DEFINITION_FOLDERS = ['migrations', 'functions', 'roles'];
const PGLITE_PACKAGE = fileURLToPath(
  new URL('../../../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
);
// Memory-backed where Linux has it: the copies are written and thrown away by the hundred.
const TEMPLATES = join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'member-invest-pglite');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function definitionHash(): string {
  const hash = createHash('sha256');
  if (existsSync(PGLITE_PACKAGE)) hash.update(readFileSync(PGLITE_PACKAGE));
  for (const folder of DEFINITION_FOLDERS) {
    for (const file of filesUnder(join(DB_FOLDER, folder))) {
      hash.update(file.slice(DB_FOLDER.length)).update('\0').update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

let templateDir: Promise<string> | undefined;

/** A template nobody used for this long is an old definition's: removed when a new one is made. */
const UNUSED_TEMPLATE_MS = 24 * 60 * 60 * 1000;

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes what no run needs any more, in memory that only a reboot frees otherwise: the copies
 * and half-built templates of workers that were killed (their pid is gone), and templates of
 * other definitions unused for a day (another checkout on this machine may still use a recent
 * one).
 */
export function pruneTemplates(current: string, folder = TEMPLATES): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    const pid = /^copy-(\d+)-|\.building-(\d+)-/.exec(name);
    const ownerGone = pid !== null && !isRunning(Number(pid[1] ?? pid[2]));
    const oldTemplate =
      /^[0-9a-f]{16}$/.test(name) &&
      path !== current &&
      Date.now() - statSync(path).mtimeMs > UNUSED_TEMPLATE_MS;
    if (ownerGone || oldTemplate) rmSync(path, { recursive: true, force: true });
  }
}

async function ensureTemplate(migrate: (dataDir: string) => Promise<void>): Promise<string> {
  const finished = join(TEMPLATES, definitionHash());
  if (existsSync(finished)) {
    // Marks it used: pruneTemplates keeps what was used in the last day.
    const now = new Date();
    utimesSync(finished, now, now);
    return finished;
  }
  mkdirSync(TEMPLATES, { recursive: true });
  pruneTemplates(finished);
  const building = `${finished}.building-${process.pid}-${Date.now()}`;
  try {
    await migrate(building);
    renameSync(building, finished);
  } catch (error) {
    // Another worker renamed its template into place first: use that one.
    if (!existsSync(finished)) throw error;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return finished;
}

/**
 * A new data directory holding a copy of the migrated template, made first with `migrate` when
 * there is none for the current definition. `remove` deletes the copy once its database closed.
 */
export async function migratedPgliteCopy(
  migrate: (dataDir: string) => Promise<void>,
): Promise<{ dataDir: string; remove: () => void }> {
  templateDir ??= ensureTemplate(migrate);
  const template = await templateDir.catch((error: unknown) => {
    templateDir = undefined;
    throw error;
  });
  const dataDir = join(TEMPLATES, `copy-${process.pid}-${randomBytes(6).toString('hex')}`);
  cpSync(template, dataDir, { recursive: true });
  openCopies.add(dataDir);
  return {
    dataDir,
    remove: () => {
      rmSync(dataDir, { recursive: true, force: true });
      openCopies.delete(dataDir);
    },
  };
}

// A suite that fails before closing its database still leaves no copy behind in memory.
const openCopies = new Set<string>();
process.once('exit', () => {
  for (const dataDir of openCopies) rmSync(dataDir, { recursive: true, force: true });
});
