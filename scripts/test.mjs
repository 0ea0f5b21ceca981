// `npm test`: the whole suite. Lint, typecheck, then unit + API (PGlite) + web tests, the
// PostgreSQL-server suites when TEST_DATABASE_URL is set, and the browser journeys when
// Chromium is installed. With CI=true a missing PostgreSQL or Chromium is a failure, not a skip.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const reports = join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0)
    problems.push(`${title} failed (exit ${result.status ?? result.signal})`);
  return result.status === 0;
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

run('lint', 'npm', ['run', '--silent', 'lint']);
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('unit, API on PGlite, web', 'npx', vitest('unit', ['contracts', 'api', 'web']));
countVitest(join(reports, 'unit.json'));

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) skipOrFail('API suites on a PostgreSQL server', 'TEST_DATABASE_URL is not set');
else if (!(await canReach(databaseUrl)))
  skipOrFail('API suites on a PostgreSQL server', `cannot reach ${databaseUrl}`);
else {
  run('API on a PostgreSQL server', 'npx', vitest('pg', ['api-pg']));
  countVitest(join(reports, 'pg.json'));
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium))
  skipOrFail('browser journeys', `no Chromium at ${chromium} (apt-get install chromium)`);
else if (run('build web app', 'npm', ['run', '--silent', 'build'])) {
  run(
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

console.log('');
for (const problem of problems) console.log(`FAILED: ${problem}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0);
