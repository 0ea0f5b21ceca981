import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { freePort } from './testing/api-processes.ts';

// The server process itself, as `npm start` runs it (without the web build): how it refuses a
// bad start, and that production never creates demo data or a demo operator.

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const directories: string[] = [];
afterAll(() => directories.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-start-'));
  directories.push(dir);
  return dir;
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', JOBS: 'off', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function countRows(dir: string, table: string): Promise<number> {
  const db = new PGlite(dir);
  try {
    const result = await db.query<{ count: number }>(`select count(*)::int as count from ${table}`);
    return result.rows[0]!.count;
  } finally {
    await db.close();
  }
}

describe('a start that must not go on', () => {
  it('names SMTP_URL in one line for the value that once crashed it', async () => {
    const server = startServer({ SMTP_URL: 'smtp://127.0.0.1:undefined', DATA_DIR: dataDir() });
    expect(await server.exited).toBe(1);
    const { stdout, stderr } = server.output();
    expect(stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^Invalid configuration: SMTP_URL: has the port "undefined"/),
    ]);
    expect(stdout).toBe('');
  });

  it('refuses SEED_DEMO=true in production by name', async () => {
    const server = startServer({ NODE_ENV: 'production', SEED_DEMO: 'true', DATA_DIR: dataDir() });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toMatch(/^Invalid configuration: SEED_DEMO: is refused/);
  });

  it('refuses production with no operator, having created no demo data', async () => {
    const dir = dataDir();
    const server = startServer({ NODE_ENV: 'production', DATA_DIR: dir, PORT: '0' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr.trimEnd()).toMatch(
      /^Start refused: No active admin operator: start once with OPERATOR_EMAIL and OPERATOR_PASSWORD/,
    );
    expect(await countRows(dir, 'members')).toBe(0);
    expect(await countRows(dir, 'operators')).toBe(0);
  }, 90_000);

  it('says in one line which database server it waited for, after retrying', async () => {
    const port = await freePort();
    const server = startServer({
      NODE_ENV: 'production',
      DATABASE_URL: `postgres://app:s3cret-pass@127.0.0.1:${port}/invest`,
      DATABASE_START_TIMEOUT_MS: '1000',
      PORT: '0',
    });
    expect(await server.exited).toBe(1);
    const { stdout, stderr } = server.output();
    expect(stderr.trimEnd().split('\n')).toEqual([
      `Start refused: the database at 127.0.0.1:${port}/invest (user app) could not be reached within 1 s (connect ECONNREFUSED 127.0.0.1:${port}). Check that PostgreSQL is running and accepts connections at that host and port, and DATABASE_URL; DATABASE_START_TIMEOUT_MS sets how long the start waits for it.`,
    ]);
    // The waits, as JSON log lines in production.
    const waits = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits[0]!.msg).toMatch(
      /^database at 127\.0\.0\.1:\d+\/invest \(user app\) not reachable yet/,
    );
    expect(stdout + stderr).not.toContain('s3cret-pass');
  });
});

describe('production on the embedded database', () => {
  it('starts with the configured operator only: no DEMOROOT, no demo operator, JSON logs', async () => {
    const dir = dataDir();
    const port = await freePort();
    const server = startServer({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      PORT: String(port),
      OPERATOR_EMAIL: 'owner@invest.example.com',
      OPERATOR_PASSWORD: 'a-long-unusual-passphrase-2026',
      MEMBER_FILES_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    const base = `http://127.0.0.1:${port}/api/v1`;
    const post = (path: string, body: object) =>
      fetch(`${base}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => response.status);
    try {
      await vi.waitFor(
        async () => {
          if (server.child.exitCode !== null) throw new Error(server.output().stderr);
          expect((await fetch(`${base}/health`).catch(() => null))?.ok).toBe(true);
        },
        { timeout: 80_000, interval: 100 },
      );
      expect(await post('auth/login', { loginId: 'DEMOROOT', password: 'demo-pass-2026' })).toBe(
        401,
      );
      expect(
        await post('operator/auth/login', {
          email: 'operator@example.com',
          password: 'demo-operator-2026',
        }),
      ).toBe(401);
      expect(
        await post('operator/auth/login', {
          email: 'owner@invest.example.com',
          password: 'a-long-unusual-passphrase-2026',
        }),
      ).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const lines = server.output().stdout.trimEnd().split('\n');
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(server.output().stdout).not.toContain('demo data created');
    // The start message sends the operator to the console, not to an API path.
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain(
      `Operator sign-in: owner@invest.example.com (admin, created) with OPERATOR_PASSWORD at http://localhost:${port}/operator`,
    );
    expect(server.output().stdout).not.toContain('a-long-unusual-passphrase-2026');
    expect(await countRows(dir, 'members')).toBe(0);
  }, 90_000);
});
