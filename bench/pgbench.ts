// PostgreSQL's own yardstick for the benchmarks: pgbench on a scratch database it initialises
// (`pgbench -i`) and drops afterwards, on the server the benchmark uses.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';

/** Debian's wrapper on PATH, else a server version's own binary; null when neither exists. */
export function findPgbench(): string | null {
  for (const directory of (process.env.PATH ?? '').split(':')) {
    if (directory && existsSync(`${directory}/pgbench`)) return `${directory}/pgbench`;
  }
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const installed = versions
    .map((version) => `/usr/lib/postgresql/${version}/bin/pgbench`)
    .filter((path) => existsSync(path));
  return installed.at(-1) ?? null;
}

export type PgbenchRun = {
  /** `select-only` is `pgbench -S` (one primary-key select per transaction); `tpcb` its default. */
  script: 'select-only' | 'tpcb';
  clients: number;
  seconds: number;
};

/**
 * Transactions per second of one pgbench run (scale 1), or null (said on the console) when
 * pgbench is not installed. The scratch database is dropped even when the run fails.
 */
export async function runPgbench(databaseUrl: string, run: PgbenchRun): Promise<number | null> {
  const pgbench = findPgbench();
  if (!pgbench) {
    console.log('pgbench: not installed (neither on PATH nor in /usr/lib/postgresql), skipped');
    return null;
  }
  const server = new URL(databaseUrl);
  const scratch = `bench_pgbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  const connection = [
    '-h',
    server.hostname,
    '-p',
    server.port || '5432',
    '-U',
    decodeURIComponent(server.username || 'postgres'),
  ];
  const env = {
    ...process.env,
    ...(server.password ? { PGPASSWORD: decodeURIComponent(server.password) } : {}),
  };
  const threads = String(Math.min(run.clients, 2));
  try {
    const exec = promisify(execFile);
    await exec(pgbench, [...connection, '-i', '-s', '1', '-q', scratch], { env });
    const { stdout } = await exec(
      pgbench,
      [
        ...connection,
        ...(run.script === 'select-only' ? ['-S'] : []),
        '-c',
        String(run.clients),
        '-j',
        threads,
        '-T',
        String(run.seconds),
        scratch,
      ],
      { env, timeout: (run.seconds + 60) * 1000 },
    );
    const match = /tps = ([\d.]+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } finally {
    await admin.query(`drop database if exists ${scratch} with (force)`);
    await admin.end();
  }
}
