import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from '../apps/api/src/testing/smtp-sink.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const MAIL_DIR = join(root, '.tmp/e2e-mail');

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

export async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
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

/**
 * Starts a real SMTP sink (each mail also written to .tmp/e2e-mail for the test workers) and
 * the real server from `npm start`'s script on a free 127.0.0.1 port with a fresh PGlite.
 * Returns the teardown that stops both.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  const smtp = await startSmtpSink();
  let written = 0;
  const timer = setInterval(() => {
    for (; written < smtp.mails.length; written++) {
      writeFileSync(
        join(MAIL_DIR, `${String(written).padStart(5, '0')}.json`),
        JSON.stringify(smtp.mails[written]),
      );
    }
  }, 100);

  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SEED_DEMO: 'true',
      SKIP_WEB_BUILD: 'true',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.env.E2E_BASE_URL = baseUrl;
  await waitForHealth(baseUrl, 60_000);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    clearInterval(timer);
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
