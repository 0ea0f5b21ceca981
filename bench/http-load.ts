// Load benchmark (127.0.0.1 only, bounded in time): the app's routes against the ceilings
// measured in the same run, since the machine is shared and only ratios compare across runs.
// Ceilings: a bare Fastify app in its own process (one JSON route, and one with a `select 1`
// through a plain pg pool), the app's own bare route, and pgbench select-only on the same
// PostgreSQL server. Routes: GET health (one `select 1`) and
// GET auth/wallet-balance with a valid session.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
//        BENCH_CPU_PROF=dir also writes a V8 CPU profile of the app's process into dir.
//        BENCH_ROUNDS=3 sets how many alternating rounds health and wallet-balance each get.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { benchDatabaseUrl } from './bench-database.ts';
import { serverReady } from './bench-member.ts';
import { measureCpu } from './cpu.ts';
import { runPgbench } from './pgbench.ts';

const databaseUrl = benchDatabaseUrl();
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const cpuProfileDir = process.env.BENCH_CPU_PROF;
// Health and wallet-balance, whose ratio is a target, run in alternating rounds: one after the
// other, a host whose speed drifts over a minute moved their ratio by 15-25 % from run to run.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
// The app's pool size (bench-server.ts): pgbench gets as many connections as the app has.
const PGBENCH_CLIENTS = 20;

/** Targets of decision 0036: each ratio is measured within one run. */
const TARGETS = { walletOfHealth: 0.8, healthOfBareFastify: 0.35 };

const started: ChildProcess[] = [];
// Three routes and the rounds of two, each a 2 s warm-up and `seconds`, then pgbench: the
// servers' starts take far less than the 5 minutes on top; a stuck run stops its servers (which
// drop their database) before it ends.
const limitMinutes = 5 + Math.ceil(((seconds + 2) * (3 + 2 * rounds) + seconds) / 60);
setTimeout(() => {
  console.error(`npm run bench took longer than ${limitMinutes} minutes; stopping`);
  void stopServers().finally(() => process.exit(2));
}, limitMinutes * 60_000).unref();

function startServer(script: string, nodeOptions: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', script], {
    cwd: import.meta.dirname,
    env: { ...process.env, TEST_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(child);
  return child;
}

/** Stops every server this run started and waits for each to exit (a CPU profile is written then). */
async function stopServers(): Promise<void> {
  await Promise.all(
    started.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
}

type Figures = {
  name: string;
  /** CPU per request of the app's process and of its database's backends, when known. */
  cpu: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

async function measure(
  name: string,
  server: { port: number; pid?: number; database?: string },
  path: string,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const url = `http://127.0.0.1:${server.port}${path}`;
  await autocannon({ url, headers, connections, duration: 2 }); // warm-up
  const cpu = measureCpu(server.database ?? '(none)', server.pid ? [server.pid] : []);
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return {
    name,
    cpu: cpu(result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A route's figures over its rounds: the mean rate, median p50, worst p99, last round's CPU. */
function combineRounds(results: Figures[]): Figures {
  const p50s = results.map((result) => result.p50).sort((a, b) => a - b);
  return {
    name: results[0]!.name,
    cpu: results.at(-1)!.cpu,
    rps: results.reduce((sum, result) => sum + result.rps, 0) / results.length,
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...results.map((result) => result.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const verdict = (share: number, target: number) => (share >= target ? 'PASS' : 'BELOW');

function printTable(rows: Figures[]): void {
  console.log(
    'route'.padEnd(46),
    'req/s'.padStart(8),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'errors'.padStart(7),
    'non-2xx'.padStart(8),
  );
  for (const row of rows) {
    console.log(
      row.name.padEnd(46),
      row.rps.toFixed(0).padStart(8),
      String(row.p50).padStart(7),
      String(row.p99).padStart(7),
      String(row.errors).padStart(7),
      String(row.non2xx).padStart(8),
    );
  }
}

try {
  const bareServer = startServer('bare-fastify-server.ts');
  const appServer = startServer(
    'bench-server.ts',
    cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(cpuProfileDir)}`] : [],
  );
  let appDatabase: string | undefined;
  const [bare, app] = await Promise.all([
    serverReady(bareServer),
    serverReady(appServer, (line) => {
      appDatabase = /^DATABASE (\w+)$/.exec(line)?.[1] ?? appDatabase;
    }),
  ]);
  const bareProcess = {
    port: bare.port,
    pid: bareServer.pid,
    database: new URL(databaseUrl).pathname.slice(1),
  };
  const appProcess = { port: app.port, pid: appServer.pid, database: appDatabase };

  const bareFastify = await measure('bare Fastify, own process', bareProcess, '/bare');
  const bareQuery = await measure(
    'bare Fastify + pg select 1, own process',
    bareProcess,
    '/bare-query',
  );
  const appBare = await measure("the app's bare JSON route", appProcess, '/bench/bare');
  const healthRounds: Figures[] = [];
  const walletRounds: Figures[] = [];
  for (let round = 0; round < rounds; round++) {
    healthRounds.push(
      await measure('GET health (select 1, no session)', appProcess, '/api/v1/health'),
    );
    walletRounds.push(
      await measure(
        'GET auth/wallet-balance (session + balances)',
        appProcess,
        '/api/v1/auth/wallet-balance',
        { authorization: `Bearer ${app.token}` },
      ),
    );
  }
  const health = combineRounds(healthRounds);
  const wallet = combineRounds(walletRounds);
  // The app's profile ends here: pgbench below is not the app's work.
  await stopServers();
  // The database's own ceiling for a one-statement transaction on this machine, right after.
  const pgbenchTps = await runPgbench(databaseUrl, {
    script: 'select-only',
    clients: PGBENCH_CLIENTS,
    seconds,
  });

  console.log(
    `\nHTTP load, ${connections} connections, ${seconds} s each, PostgreSQL ${new URL(databaseUrl).host}`,
  );
  printTable([bareFastify, bareQuery, appBare, health, wallet]);
  console.log(
    `health and wallet-balance: means of ${rounds} alternating rounds; wallet ÷ health by round: ` +
      walletRounds.map((round, index) => percent(round.rps / healthRounds[index]!.rps)).join(', '),
  );
  for (const row of [bareFastify, bareQuery, appBare, health, wallet])
    console.log(`${row.name}: ${row.cpu}`);
  const walletOfHealth = wallet.rps / health.rps;
  const healthOfBare = health.rps / bareFastify.rps;
  console.log(
    `wallet-balance / health: ${percent(walletOfHealth)} ` +
      `(target ≥ ${percent(TARGETS.walletOfHealth)}) ${verdict(walletOfHealth, TARGETS.walletOfHealth)}`,
  );
  console.log(
    `health / bare Fastify:   ${percent(healthOfBare)} ` +
      `(target ≥ ${percent(TARGETS.healthOfBareFastify)}) ${verdict(healthOfBare, TARGETS.healthOfBareFastify)}`,
  );
  console.log(`app's bare route / bare Fastify: ${percent(appBare.rps / bareFastify.rps)}`);
  // What a one-query route reaches with nothing of the app: the ceiling of the second target.
  console.log(
    `bare Fastify + pg select 1 / bare Fastify: ${percent(bareQuery.rps / bareFastify.rps)}; ` +
      `health is ${percent(health.rps / bareQuery.rps)} of it`,
  );
  if (pgbenchTps !== null) {
    console.log(
      `pgbench -S -c ${PGBENCH_CLIENTS} -j 2 -T ${seconds}: ${pgbenchTps.toFixed(0)} tps; ` +
        `health is ${percent(health.rps / pgbenchTps)} of it`,
    );
  }
  if (cpuProfileDir) console.log(`CPU profile of the app's process: ${resolve(cpuProfileDir)}`);
} finally {
  await stopServers();
}
