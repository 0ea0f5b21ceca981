// `npm test`: the whole suite. Lint, typecheck, then unit + API (PGlite) + web tests, the
// PostgreSQL-server suites when TEST_DATABASE_URL is set (straight to the server, then again
// through PgBouncer in transaction mode when pgbouncer is installed), and the browser journeys
// when Chromium is installed. With CI=true a missing PostgreSQL, PgBouncer or Chromium is a
// failure, not a skip. A suite that cannot run still has its tests counted as skipped.
//
// Three lanes run side by side, so the suite fits a 2-core CI machine's budget (decision 0038):
// the browser journeys (after the build), which mostly wait on the browser and the server; lint
// and typecheck, then the unit stage; and the two PostgreSQL-server stages, which mostly wait on
// the database, one after the other (they share the server and its connection limit). Each
// stage's output is kept and printed whole when it ends, so stages never interleave lines.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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
const NICE = '/usr/bin/nice';

/**
 * Runs one stage with its output kept, and prints that output whole with the stage's time once
 * it ends: stages of other lanes run meanwhile. Resolves to whether it passed. A stage that only
 * computes (`yieldCpu`) runs at a lower priority, so the suites that wait on timers and a
 * database (the PostgreSQL stages, the journeys) get a core when they need one, and the
 * computing stages take what they leave.
 */
function run(title, command, args, env = {}, { yieldCpu = false } = {}) {
  console.log(`--- started: ${title}`);
  const stageStart = Date.now();
  const output = [];
  return new Promise((resolve) => {
    const [program, programArgs] =
      yieldCpu && existsSync(NICE) ? [NICE, ['-n', '5', command, ...args]] : [command, args];
    const child = spawn(program, programArgs, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - stageStart) / 1000;
      stageTimes.push({ title, seconds });
      console.log(`\n=== ${title} (${seconds.toFixed(1)} s) ===`);
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) problems.push(`${title} failed (exit ${code ?? signal})`);
      resolve(code === 0);
    });
  });
}

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

// The unit stage runs its files and the tests inside each in a shuffled order, so a test that
// leans on one before it fails here (decision 0033). The seed is fixed so a red run replays
// exactly; TEST_SHUFFLE_SEED tries another order.
const shuffleSeed = process.env.TEST_SHUFFLE_SEED ?? '1';

async function checksThenUnit() {
  await Promise.all([
    run('lint', 'npm', ['run', '--silent', 'lint'], {}, { yieldCpu: true }),
    run('typecheck', 'npm', ['run', '--silent', 'typecheck'], {}, { yieldCpu: true }),
  ]);
  await run(`unit, API on PGlite, web (shuffled, seed ${shuffleSeed})`, 'npx', [
    ...vitest('unit', ['contracts', 'api', 'web']),
    '--sequence.shuffle',
    `--sequence.seed=${shuffleSeed}`,
  ]);
  countVitest(join(reports, 'unit.json'));
}

/** Runs the PostgreSQL-server suites with TEST_DATABASE_URL unset, so each test skips itself: their count. */
async function countSkippedServerSuites(name) {
  await run(`count the skipped ${name}`, 'npx', vitest(name, ['api-pg']), {
    TEST_DATABASE_URL: '',
  });
  countVitest(join(reports, `${name}.json`));
}

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
  await run('API on a PostgreSQL server', 'npx', vitest('pg', ['api-pg']));
  countVitest(join(reports, 'pg.json'));
  if (!pgBouncer) {
    skipOrFail('API suites through PgBouncer', 'no pgbouncer (apt-get install pgbouncer)');
    await countSkippedServerSuites('pgbouncer');
    return;
  }
  const pooler = await startPgBouncer(pgBouncer, databaseUrl);
  try {
    await run(
      'API through PgBouncer (transaction pooling)',
      'npx',
      vitest('pgbouncer', ['api-pg']),
      {
        TEST_DATABASE_URL: pooler.url,
        TEST_ADMIN_DATABASE_URL: databaseUrl,
      },
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

async function browserJourneys() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    skipOrFail('browser journeys', `no Chromium at ${chromium} (apt-get install chromium)`);
    countSkippedJourneys();
    return;
  }
  if (!(await run('build web app', 'npm', ['run', '--silent', 'build']))) return;
  await run(
    'browser journeys (Playwright)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json'),
    },
  );
  countPlaywright(join(reports, 'e2e.json'));
}

await Promise.all([browserJourneys(), checksThenUnit(), serverSuites()]);

console.log('\nstage times:');
for (const { title, seconds } of stageTimes)
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${title}`);
console.log(`  ${((Date.now() - startedAt) / 1000).toFixed(1).padStart(7)} s  in all`);
console.log('');
for (const problem of problems) console.log(`FAILED: ${problem}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0);
