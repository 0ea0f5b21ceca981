// Real API server processes for multi-instance tests: each is `node --import tsx
// apps/api/src/server.ts`, the entry scripts/start.mjs runs (without the web build), on its own
// 127.0.0.1 port and all on the same PostgreSQL database, so what one process commits the others
// must respect. Nothing is shared between them but the database, exactly as in production.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_ENTRY = 'apps/api/src/server.ts';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export type ApiProcess = { baseUrl: string; pid: number };

export type ApiProcesses = {
  processes: ApiProcess[];
  /** Stops every process (its whole process group), waiting until each has exited. */
  stop: () => Promise<void>;
};

export type ApiProcessOptions = {
  count: number;
  databaseUrl: string;
  /** The servers' clock starts at this instant (APP_NOW) and runs on from there. */
  appNow?: Date;
  /** Further environment, e.g. a payment gateway's settings. */
  env?: Record<string, string>;
  /** Further node flags, e.g. `--cpu-prof` to profile the servers (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
};

/** A port nothing listens on right now (the OS picks it; the server binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('no port was assigned');
  return address.port;
}

/** Polls GET health until the server answers 200, or fails with what the process printed. */
async function waitUntilHealthy(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`API process exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `API process at ${baseUrl} not healthy after ${READY_TIMEOUT_MS} ms:\n${output()}`,
  );
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = once(child, 'exit');
  // detached: the child leads its own process group, so the group id is its pid.
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `count` API processes on `databaseUrl` (already migrated, e.g. by
 * createServerTestDatabase) and resolves once every one answers GET health. No demo data, no
 * scheduled jobs, warnings and errors only in their logs.
 */
export async function startApiProcesses(options: ApiProcessOptions): Promise<ApiProcesses> {
  const children: ChildProcess[] = [];
  const stop = () => Promise.all(children.map(stopProcess)).then(() => undefined);
  try {
    const processes = await Promise.all(
      Array.from({ length: options.count }, async () => {
        const port = await freePort();
        const child = spawn(
          process.execPath,
          [...(options.nodeArgs ?? []), '--import', 'tsx', SERVER_ENTRY],
          {
            cwd: REPO_ROOT,
            detached: true,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: {
              PATH: process.env.PATH ?? '',
              NODE_ENV: 'test',
              HOST: '127.0.0.1',
              PORT: String(port),
              DATABASE_URL: options.databaseUrl,
              SEED_DEMO: 'false',
              JOBS: 'off',
              LOG_LEVEL: 'warn',
              // Tests fire many requests at once from this one address.
              MAX_CONNECTIONS_PER_ADDRESS: '10000',
              ...(options.appNow ? { APP_NOW: options.appNow.toISOString() } : {}),
              ...options.env,
            },
          },
        );
        children.push(child);
        // Should the test runner end without calling stop(), the server ends with it.
        const orphanGuard = () => {
          if (child.exitCode === null && child.signalCode === null)
            process.kill(-child.pid!, 'SIGKILL');
        };
        process.once('exit', orphanGuard);
        child.once('exit', () => process.off('exit', orphanGuard));
        let output = '';
        const keep = (chunk: Buffer) => {
          output = (output + chunk.toString()).slice(-4_000);
        };
        child.stdout?.on('data', keep);
        child.stderr?.on('data', keep);
        const baseUrl = `http://127.0.0.1:${port}`;
        await waitUntilHealthy(baseUrl, child, () => output);
        return { baseUrl, pid: child.pid! };
      }),
    );
    return { processes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type HttpAnswer = { status: number; body: Record<string, any> };

/** One request over real HTTP to one of the processes, answer parsed (like `call` for inject). */
export async function callProcess(
  target: ApiProcess,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  const response = await fetch(`${target.baseUrl}/api/v1/${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
}
