// Load benchmark (127.0.0.1 only, bounded in time): a bare JSON route against
// GET auth/wallet-balance with a valid session on PostgreSQL, in one run.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { serverReady } from './bench-member.ts';

const databaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const server = spawn(process.execPath, ['--import', 'tsx', 'bench-server.ts'], {
  cwd: import.meta.dirname,
  env: { ...process.env, TEST_DATABASE_URL: databaseUrl },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready = await serverReady(server);

type Figures = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

async function measure(
  name: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const url = `http://127.0.0.1:${ready.port}${path}`;
  await autocannon({ url, headers, connections, duration: 2 }); // warm-up
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

try {
  const bare = await measure('bare JSON route', '/bench/bare');
  // The ceiling of any route that touches the database: one trivial query (select 1).
  const health = await measure('GET health (select 1, no session)', '/api/v1/health');
  const wallet = await measure(
    'GET auth/wallet-balance (session + balances)',
    '/api/v1/auth/wallet-balance',
    { authorization: `Bearer ${ready.token}` },
  );
  console.log(
    `\nHTTP load, ${connections} connections, ${seconds} s each, PostgreSQL ${new URL(databaseUrl).host}`,
  );
  console.log(
    'route'.padEnd(48),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
  );
  for (const figures of [bare, health, wallet]) {
    console.log(
      figures.name.padEnd(48),
      figures.rps.toFixed(0).padStart(9),
      String(figures.p50).padStart(8),
      String(figures.p99).padStart(8),
      String(figures.errors + figures.non2xx).padStart(7),
    );
  }
  const percent = (part: Figures, whole: Figures) =>
    `${((part.rps / whole.rps) * 100).toFixed(1)} %`;
  console.log(`ratio authenticated / bare: ${percent(wallet, bare)} (target ≥ 50 %)`);
  console.log(`ratio authenticated / select-1 route: ${percent(wallet, health)}`);
} finally {
  server.kill('SIGTERM');
}
