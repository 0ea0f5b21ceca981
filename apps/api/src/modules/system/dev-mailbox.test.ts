import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { manualClock } from '../../lib/clock.ts';
import { createMailer } from '../../lib/mailer.ts';
import { createPgliteTestDatabase } from '../../testing/database.ts';
import { TEST_START } from '../../testing/test-app.ts';

// The dev mailbox shows every member's codes; with a stolen token they would pass the email
// check of a withdrawal. It must answer only requests made on this machine unless switched on.

let database: Database;
beforeAll(async () => {
  database = await createPgliteTestDatabase();
});
afterAll(() => database.close());

/** The real app as `npm start` builds it without SMTP_URL, with one unsent mail in its outbox. */
async function mailboxApp(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'development', ...env });
  const mailer = createMailer({
    smtpUrl: undefined,
    from: config.mailFrom,
    logger: pino({ level: 'silent' }),
  });
  await mailer.send({ to: 'member@example.com', subject: 'Your code: 424242', text: '424242' });
  const app = await buildApp(
    { config, database, clock: manualClock(TEST_START), mailer },
    { serveWeb: false },
  );
  await app.ready();
  return app;
}

type Request = { remoteAddress?: string; headers?: Record<string, string> };
const LOCAL: Request = { remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } };

describe('the dev mailbox by default (no SMTP_URL, not production)', () => {
  let app: Awaited<ReturnType<typeof mailboxApp>>;
  beforeAll(async () => {
    app = await mailboxApp({});
  });
  afterAll(() => app.close());
  const get = (url: string, request: Request) =>
    app.inject({
      method: 'GET',
      url,
      remoteAddress: request.remoteAddress,
      headers: request.headers,
    });

  it('shows the mails to this machine, uncached', async () => {
    for (const request of [
      LOCAL,
      { remoteAddress: '::1', headers: { host: '[::1]:3000' } },
      { remoteAddress: '::ffff:127.0.0.1', headers: { host: '127.0.0.1:3000' } },
    ]) {
      const response = await get('/dev/mailbox.json', request);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('424242');
    }
    expect((await get('/dev/mailbox', LOCAL)).body).toContain('Your code: 424242');
  });

  it.each([
    ['another machine', { remoteAddress: '203.0.113.7', headers: { host: 'localhost:3000' } }],
    [
      'a reverse proxy on this host (X-Forwarded-For)',
      {
        remoteAddress: '127.0.0.1',
        headers: { host: 'localhost:3000', 'x-forwarded-for': '203.0.113.7' },
      },
    ],
    [
      'a reverse proxy on this host (Forwarded)',
      {
        remoteAddress: '127.0.0.1',
        headers: { host: 'localhost:3000', forwarded: 'for=203.0.113.7' },
      },
    ],
    [
      'a reverse proxy on this host (Host: the public name)',
      { remoteAddress: '127.0.0.1', headers: { host: 'invest.example.com' } },
    ],
    [
      'a page that rebound its DNS name to 127.0.0.1',
      { remoteAddress: '127.0.0.1', headers: { host: 'attacker.example:3000' } },
    ],
  ])('answers %s like an unknown path', async (_, request) => {
    for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
      const response = await get(url, request);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('424242');
      expect(JSON.parse(response.body)).toEqual({
        status: 'error',
        message: `Route GET ${url} not found`,
        error: 'NOT_FOUND',
      });
    }
  });
});

describe('DEV_MAILBOX and the settings that turn it off', () => {
  it('open: shows the mails to anyone (a demo reached from other machines)', async () => {
    const app = await mailboxApp({ DEV_MAILBOX: 'open' });
    const response = await app.inject({
      method: 'GET',
      url: '/dev/mailbox.json',
      remoteAddress: '203.0.113.7',
      headers: { host: 'demo.example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('424242');
    await app.close();
  });

  it.each([
    { DEV_MAILBOX: 'off' },
    { TRUST_PROXY: 'true' },
    { NODE_ENV: 'production' },
    { SMTP_URL: 'smtp://127.0.0.1:2525' },
  ] as Record<string, string>[])('%j: not mounted, not even for this machine', async (env) => {
    const app = await mailboxApp(env);
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox.json', ...LOCAL });
    expect(response.statusCode).toBe(404);
    await app.close();
  });
});
