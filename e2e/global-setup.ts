import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * `npm start`'s script (the built app is not rebuilt unless `env` says SKIP_WEB_BUILD=false) on 127.0.0.1:port with its own data
 * directory, the demo seed and mails to the given SMTP sink; `env` adds to that (APP_NOW...).
 * Resolves once the server answers its health check.
 */
export async function startServer(options: {
  port: number;
  dataDir: string;
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
      DATA_DIR: options.dataDir,
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
 * the real server from `npm start`'s script on a free 127.0.0.1 port with a fresh PGlite.
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

  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  // This first server may build the web app if its sources changed (running Playwright without
  // `npm test`'s build); the specs' own servers start later and never build, so no two builds race.
  const server = await startServer({
    port: await freePort(),
    dataDir,
    smtpUrl: smtp.url,
    env: { SKIP_WEB_BUILD: 'false' },
  });
  process.env.E2E_BASE_URL = server.baseUrl;

  return async () => {
    await server.stop();
    clearInterval(timer);
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
