// PgBouncer in transaction mode in front of a PostgreSQL server, for `npm test`: the API suites
// that need a server run once straight to it and once through this pooler, because a
// transaction-mode pooler is how the API meets PostgreSQL in production and it forbids session
// state (named prepared statements, session advisory locks, SET) across transactions.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const CANDIDATES = [process.env.PGBOUNCER_PATH, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];

/** The pgbouncer binary, or null when the machine has none. */
export function findPgBouncer() {
  return CANDIDATES.find((path) => path && existsSync(path)) ?? null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilAccepting(url, child, log) {
  for (let tries = 0; tries < 100; tries += 1) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}): ${log()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`pgbouncer did not accept connections: ${log()}`);
}

/**
 * Starts `binary` on a free 127.0.0.1 port, pooling every database of `serverUrl`'s server in
 * transaction mode, and resolves with the URL that reaches `serverUrl`'s database through it.
 * PgBouncer refuses to run as root, so as root it switches to the `postgres` user.
 */
export async function startPgBouncer(binary, serverUrl) {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  const asRoot = process.getuid?.() === 0;
  // The owner, and the role the API's requests log in as (apps/api/src/db/request-role.ts derives
  // the same name and password from the owner's: keep the two in step). PgBouncer lets through
  // only the users its file names, even with auth_type trust.
  const requestRole = `${user}_request`.slice(0, 63);
  const requestPassword = password
    ? createHmac('sha256', password).update('member-invest request role').digest('base64url')
    : '';
  writeFileSync(
    join(dir, 'users.txt'),
    `"${user}" "${password}"\n"${requestRole}" "${requestPassword}"\n`,
  );
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 2000',
      'default_pool_size = 40',
      'ignore_startup_parameters = extra_float_digits',
      'log_connections = 0',
      'log_disconnections = 0',
    ].join('\n'),
  );
  if (asRoot) {
    spawnSync('chown', ['-R', 'postgres', dir]);
    chmodSync(dir, 0o755);
  }
  const child = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-2000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  try {
    await waitUntilAccepting(url.toString(), child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: url.toString(), stop };
}
