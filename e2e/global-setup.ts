import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmptyServerDatabase } from '../apps/api/src/testing/server-database.ts';
import { startSmtpSink } from '../apps/api/src/testing/smtp-sink.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const MAIL_DIR = join(root, '.tmp/e2e-mail');
// Ignored by git, so `npm test` leaves the tree clean; `npm run screenshots` copies the ones the
// docs show into docs/screenshots (scripts/copy-screenshots.mjs).
export const SCREENSHOT_DIR = join(root, '.tmp/screenshots');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

export type E2eServer = { baseUrl: string; stop: () => Promise<void> };

/** Where a journey's server keeps its data: the settings that point it there, and the clean-up. */
export type JourneyStore = { env: Record<string, string>; remove: () => Promise<void> };

/**
 * A store of its own for a journey's server. With TEST_DATABASE_URL set (CI), a new database on
 * that PostgreSQL server, unless `engine` asks for PGlite: PGlite runs every query on the server's
 * one thread, and under the journeys that was most of the server's CPU time, on a machine whose
 * two cores the journeys share with the other suites. Otherwise a PGlite directory, as
 * `npm start` keeps by default (the money journey always uses one: see there).
 */
export async function journeyStore(
  name: string,
  engine: 'server when set' | 'pglite' = 'server when set',
): Promise<JourneyStore> {
  if (engine === 'pglite' || !process.env.TEST_DATABASE_URL) {
    const dataDir = mkdtempSync(join(tmpdir(), `e2e-${name}-`));
    return {
      env: { DATA_DIR: dataDir },
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createEmptyServerDatabase(`e2e_${name}`);
  // Ten connections (two of them the read reserve) serve two browsers at a time, and leave the
  // server's hundred to the PostgreSQL suites running beside the journeys.
  return { env: { DATABASE_URL: database.url, DATABASE_POOL_SIZE: '10' }, remove: database.drop };
}

/**
 * `npm start`'s script (the built app is not rebuilt unless `env` says SKIP_WEB_BUILD=false) on
 * 127.0.0.1:port with its own store (journeyStore), the demo seed and mails to the given SMTP
 * sink; `env` adds to that (APP_NOW...). Resolves once the server answers its health check.
 */
export async function startServer(options: {
  port: number;
  store: JourneyStore;
  smtpUrl: string;
  env?: Record<string, string>;
  /**
   * How long to wait for the health check (default 3 minutes): a fresh data directory is migrated
   * and given ten weeks of demo history first, which took over a minute on a loaded CI machine.
   */
  healthTimeoutMs?: number;
}): Promise<E2eServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      ...options.store.env,
      SMTP_URL: options.smtpUrl,
      SEED_DEMO: 'true',
      SKIP_WEB_BUILD: 'true',
      PUBLIC_URL: baseUrl,
      // Browsers refuse passkeys for an IP address: the passkey journey opens the same server as
      // localhost, the domain passkeys are made for here.
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: `http://localhost:${options.port}`,
      LOG_LEVEL: 'warn',
      // The browser and every API client of the journeys share 127.0.0.1: the per-address caps
      // would count them all as one client. The per-member stream cap stays as deployed.
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
      MARKET_STREAMS_PER_ADDRESS: '1000',
      // The journeys register members and ask for reset codes by the dozen from that one address:
      // the robot check that would then be asked for (decision 0050) is checked by the API's tests
      // and by the registration journey, which sends one anyway.
      PROOF_OF_WORK_REGISTRATIONS: '1000',
      PROOF_OF_WORK_RESET_REQUESTS: '1000',
      // Argon2id at its cheapest, as in the API's suites (lib/passwords.ts): the journeys sign up
      // and sign in hundreds of times, and no journey can tell a hash's cost.
      PASSWORD_HASH_COST: 'minimal',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  // A server that never became healthy is stopped here: nobody else holds it, and left running
  // it would keep the port, its database and the test runner's output open.
  await waitForHealth(baseUrl, options.healthTimeoutMs ?? 180_000).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { baseUrl, stop };
}

/**
 * Starts a real SMTP sink (each mail also written to .tmp/e2e-mail for the test workers) and
 * the real server from `npm start`'s script on a free 127.0.0.1 port with a fresh store
 * (journeyStore).
 * Returns the teardown that stops both.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  // Only this run's screenshots, so `npm run screenshots` never copies a stale one.
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  const smtp = await startSmtpSink();
  let written = 0;
  const timer = setInterval(() => {
    for (; written < smtp.mails.length; written++) {
      // Written aside, then renamed: a worker reading the folder meanwhile (mailsTo) sees a
      // mail whole or not at all, never a file the write has only begun.
      const file = join(MAIL_DIR, `${String(written).padStart(5, '0')}.json`);
      writeFileSync(`${file}.partial`, JSON.stringify(smtp.mails[written]));
      renameSync(`${file}.partial`, file);
    }
  }, 100);

  const store = await journeyStore('shared');
  // This first server may build the web app if its sources changed (running Playwright without
  // `npm test`'s build); the specs' own servers start later and never build, so no two builds race.
  const server = await startServer({
    port: await freePort(),
    store,
    smtpUrl: smtp.url,
    env: { SKIP_WEB_BUILD: 'false' },
  }).catch(async (error: unknown) => {
    // No teardown runs after a failed setup: a database left behind would stay on the server.
    await stopTheRest();
    throw error;
  });
  process.env.E2E_BASE_URL = server.baseUrl;

  async function stopTheRest() {
    clearInterval(timer);
    await smtp.close();
    await store.remove();
  }
  return async () => {
    await server.stop();
    await stopTheRest();
  };
}
