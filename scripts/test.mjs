// `npm test`: the whole suite. Lint, typecheck, then unit + API (PGlite) + web tests, the
// PostgreSQL-server suites when TEST_DATABASE_URL is set (straight to the server, then again
// through PgBouncer in transaction mode when pgbouncer is installed), and the browser journeys
// when Chromium is installed. With CI=true a missing PostgreSQL, PgBouncer or Chromium is a
// failure, not a skip. A suite that cannot run still has its tests counted as skipped.
//
// On two cores the stages that compute run alone (lint beside typecheck, then the unit stage on
// every core), and the three that mostly wait, on a browser or a database server, run together
// at the end: the journeys beside both PostgreSQL stages (decision 0040).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findPgBouncer, startPgBouncer } from './pgbouncer.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const reports = join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** Each stage's wall time, printed at the end so a slow stage is seen in every CI log. */
const stageTimes = [];
const startedAt = Date.now();

/**
 * The machine's CPU time so far, busy and in all, in ticks (Linux's /proc/stat; null elsewhere).
 * A stage's share of busy time says whether it computes or waits, so whether it can share the
 * cores with another stage.
 */
function cpuTicks() {
  if (!existsSync('/proc/stat')) return null;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, all: busy + idle + iowait };
}

/** The share of the machine's cores busy between two cpuTicks() readings, as text. */
function busyShare(before, after) {
  if (!before || !after || after.all === before.all) return '';
  const share = (100 * (after.busy - before.busy)) / (after.all - before.all);
  return `, cores ${share.toFixed(0)} % busy`;
}
const startTicks = cpuTicks();

/**
 * Runs one stage; resolves whether it passed. A stage that runs beside others (`besideOthers`)
 * writes to a log of its own, printed whole when it ends, so two stages' lines never interleave.
 */
async function run(title, command, args, env = {}, { besideOthers = false } = {}) {
  const stageStart = Date.now();
  const ticksBefore = cpuTicks();
  const log = join(reports, `${title.replace(/\W+/g, '-')}.log`);
  console.log(besideOthers ? `\n=== ${title}: started beside others ===` : `\n=== ${title} ===`);
  const child = spawn(command, args, {
    cwd: root,
    stdio: besideOthers ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  if (besideOthers) {
    const file = createWriteStream(log);
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  }
  const status = await new Promise((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal)),
  );
  const seconds = (Date.now() - stageStart) / 1000;
  stageTimes.push({ title, seconds, busy: busyShare(ticksBefore, cpuTicks()) });
  if (besideOthers) {
    console.log(`\n=== ${title}: ended after ${seconds.toFixed(1)} s ===`);
    process.stdout.write(readFileSync(log, 'utf8'));
  }
  if (status !== 0) problems.push(`${title} failed (exit ${status})`);
  return status === 0;
}

const beside = { besideOthers: true };

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function skipOrFail(what, why) {
  if (isCi) problems.push(`${what}: ${why} (CI=true, so this is a failure)`);
  else console.log(`\n*** SKIPPED ${what}: ${why}`);
}

async function canReach(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.log(`PostgreSQL at TEST_DATABASE_URL is unreachable: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const vitest = (name, projects) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, `${name}.json`)}`,
];

// Lint (ESLint, then the formatting check: `npm run lint`) and typecheck compute on one core
// each: side by side. The formatting check runs as a third beside them rather than after ESLint,
// which left one core idle for the last 20 to 50 seconds of the phase.
await Promise.all([
  run('lint', 'npm', ['run', '--silent', 'lint:code'], {}, beside),
  run('format check', 'npm', ['run', '--silent', 'format:check'], {}, beside),
  run('typecheck', 'npm', ['run', '--silent', 'typecheck'], {}, beside),
]);
// The unit stage runs its files and the tests inside each in a shuffled order, so a test that
// leans on one before it fails here (decision 0033). The seed is fixed so a red run replays
// exactly; TEST_SHUFFLE_SEED tries another order. It takes every core: alone.
const shuffleSeed = process.env.TEST_SHUFFLE_SEED ?? '1';
await run(`unit, API on PGlite, web (shuffled, seed ${shuffleSeed})`, 'npx', [
  ...vitest('unit', ['contracts', 'api', 'web', 'web-isolated']),
  '--sequence.shuffle',
  `--sequence.seed=${shuffleSeed}`,
]);
countVitest(join(reports, 'unit.json'));

/** Runs the PostgreSQL-server suites with TEST_DATABASE_URL unset, so each test skips itself: their count. */
async function countSkippedServerSuites(name) {
  await run(`count the skipped ${name}`, 'npx', vitest(name, ['api-pg']), {
    TEST_DATABASE_URL: '',
  });
  countVitest(join(reports, `${name}.json`));
}

/**
 * The PostgreSQL-server suites, straight to the server and then through PgBouncer: one after
 * the other, since both at once could pass the server's hundred connections.
 */
async function serverSuites() {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const serverProblem = !databaseUrl
    ? 'TEST_DATABASE_URL is not set'
    : !(await canReach(databaseUrl))
      ? `cannot reach ${databaseUrl}`
      : null;
  const pgBouncer = findPgBouncer();
  if (serverProblem) {
    skipOrFail('API suites on a PostgreSQL server', serverProblem);
    await countSkippedServerSuites('pg');
    skipOrFail('API suites through PgBouncer', serverProblem);
    await countSkippedServerSuites('pgbouncer');
    return;
  }
  await run('API on a PostgreSQL server', 'npx', vitest('pg', ['api-pg']), {}, beside);
  countVitest(join(reports, 'pg.json'));
  if (!pgBouncer) {
    skipOrFail('API suites through PgBouncer', 'no pgbouncer (apt-get install pgbouncer)');
    await countSkippedServerSuites('pgbouncer');
    return;
  }
  // Started beside the journeys: a pooler that fails to start is this stage's failure, not a
  // crash of the runner that would leave the journeys running on their own.
  const pooler = await startPgBouncer(pgBouncer, databaseUrl).catch((error) => {
    problems.push(`PgBouncer did not start: ${error.message}`);
    return null;
  });
  if (!pooler) {
    await countSkippedServerSuites('pgbouncer');
    return;
  }
  try {
    await run(
      'API through PgBouncer (transaction pooling)',
      'npx',
      vitest('pgbouncer', ['api-pg']),
      { TEST_DATABASE_URL: pooler.url, TEST_ADMIN_DATABASE_URL: databaseUrl },
      beside,
    );
  } finally {
    await pooler.stop();
  }
  countVitest(join(reports, 'pgbouncer.json'));
}

/** The journeys Playwright would run (listing needs no browser): counted as skipped. */
function countSkippedJourneys() {
  const listed = spawnSync(
    'npx',
    ['playwright', 'test', '--list', '-c', 'e2e/playwright.config.ts'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  const total = /Total: (\d+) tests?/.exec(listed.stdout ?? '');
  if (total) totals.skipped += Number(total[1]);
  else problems.push('could not list the browser journeys to count them');
}

/** The browser journeys against the built app (built here, before the server suites start). */
async function journeys(chromium, isBuilt) {
  if (!isBuilt) return;
  await run(
    'browser journeys (Playwright)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
    beside,
  );
  countPlaywright(join(reports, 'e2e.json'));
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromium);
if (!hasChromium) {
  skipOrFail('browser journeys', `no Chromium at ${chromium} (apt-get install chromium)`);
  countSkippedJourneys();
}
const isBuilt = hasChromium && (await run('build web app', 'npm', ['run', '--silent', 'build']));
// Side by side: each alone leaves cores idle while it waits (on the browser and the app's server;
// on PostgreSQL and the restart tests' processes). Together they keep both cores busy (decision
// 0040's update), so this phase is as short as its CPU work allows.
await Promise.all([journeys(chromium, isBuilt), serverSuites()]);

console.log('\nstage times:');
// A stage beside others shares the machine: its busy share counts theirs as well.
for (const { title, seconds, busy } of stageTimes)
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${title}${busy}`);
const total = `${((Date.now() - startedAt) / 1000).toFixed(1).padStart(7)} s  in all`;
console.log(`${total}${busyShare(startTicks, cpuTicks())}`);
console.log('');
for (const problem of problems) console.log(`FAILED: ${problem}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0);
