import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { members } from '../db/schema/members.ts';
import { call, registration } from '../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../testing/test-app.ts';
import { createLogger, logFormatOf, mailLoggerOf, type LogFormat } from './logger.ts';
import { createMailer } from './mailer.ts';
import { redactUrl } from './log-safety.ts';
import { hashPassword } from './passwords.ts';

// The server's real logger writing to a buffer, behind the real app on PGlite: what a failed
// registration and a URL with a token leave in the log.

function capture(format: LogFormat = 'json') {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    format,
    destination: new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(chunk.toString());
        done();
      },
    }),
  });
  return { logger, text: () => lines.join(''), lines };
}

const ROOT = 'RTST2345';
const REFUSED_NAME = 'Refused Member';
let t: TestApp;
let log: ReturnType<typeof capture>;

beforeAll(async () => {
  log = capture();
  t = await createTestApp({ logger: log.logger });
  await createRootMember(t.ctx.database, ROOT);
  // A real failure of the real insert: the database refuses this one name. Set up by the owner:
  // the role requests run as may create nothing (decision 0030).
  await t.ctx.database.asOwner(async (db) => {
    await db.execute(sql`
    create function test_refuse_member() returns trigger language plpgsql as $$
    begin
      if new.name = ${sql.raw(`'${REFUSED_NAME}'`)} then raise exception 'member refused by the test'; end if;
      return new;
    end $$`);
    await db.execute(sql`
    create trigger test_refuse_member before insert on members
      for each row execute function test_refuse_member()`);
  });
});
afterAll(() => t.close());

describe('the log of a failed query', () => {
  it('holds no password hash, email, mobile, name, SQL or parameters', async () => {
    const body = registration(ROOT, {
      name: REFUSED_NAME,
      email: 'private.person@example.com',
      mobile_number: '+919812345678',
    });
    const before = log.lines.length;
    const response = await call(t.app, 'POST', 'auth/register', body);
    expect(response.status).toBe(500);

    const written = log.lines.slice(before).join('');
    const failure = log.lines
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, any>)
      .find((entry) => entry.msg === 'request failed');
    expect(failure?.reqId).toBe(response.body.requestId);
    // What is kept: the kind of failure and the database's own code and message.
    expect(failure?.err).toMatchObject({
      message: 'Failed query (its text and parameters are not logged)',
      cause: { code: 'P0001', message: 'member refused by the test' },
    });
    for (const secret of [
      '$argon2id',
      'private.person@example.com',
      '9812345678',
      REFUSED_NAME,
      'insert into',
      'params',
    ])
      expect(written).not.toContain(secret);
  });

  it('logged as a bare error (as close-with-grace does) it is just as safe', async () => {
    const passwordHash = await hashPassword('a password nobody should see');
    const error = await t.ctx.database.db
      .insert(members)
      .values({
        referralCode: 'LOGTEST2',
        name: REFUSED_NAME,
        email: 'bare.error@example.com',
        mobile: '+919800000001',
        passwordHash,
        createdAt: new Date(),
      })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain('bare.error@example.com');

    const bare = capture();
    bare.logger.error(error);
    bare.logger.error({ err: error });
    bare.logger.fatal({ err: error }, 'shutting down after an error');
    for (const line of bare.lines) {
      const entry = JSON.parse(line) as Record<string, any>;
      expect(entry.err.cause.code).toBe('P0001');
      expect(line).not.toContain('bare.error@example.com');
      expect(line).not.toContain(passwordHash);
      expect(line).not.toContain('9800000001');
    }
    expect(JSON.parse(bare.lines[0]!).msg).toBe(
      'Failed query (its text and parameters are not logged)',
    );
  });

  it('keeps the names a database error reports, not the values it quotes', async () => {
    const error = await t.ctx.database.db
      .execute(sql`select ${'not-a-uuid-but-a-secret'}::uuid`)
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    const bare = capture();
    bare.logger.error({ err: error }, 'failed');
    const entry = JSON.parse(bare.lines[0]!) as Record<string, any>;
    expect(entry.err.cause).toMatchObject({ code: '22P02' });
    expect(entry.err.cause.message).toContain('"[redacted]"');
    expect(bare.lines[0]).not.toContain('not-a-uuid-but-a-secret');
  });

  it('keeps the database and user a failed connection names: they come from the settings', () => {
    const fatal = (code: string, message: string) =>
      Object.assign(new Error(message), { code, severity: 'FATAL' });
    const bare = capture();
    bare.logger.fatal(fatal('3D000', 'database "invest_prod" does not exist'));
    bare.logger.fatal({ err: fatal('28P01', 'password authentication failed for user "app"') });
    const [missing, refused] = bare.lines.map((line) => JSON.parse(line) as Record<string, any>);
    expect(missing!.msg).toBe('database "invest_prod" does not exist');
    expect(refused!.msg).toBe('password authentication failed for user "app"');
    expect(refused!.err).toMatchObject({ code: '28P01', severity: 'FATAL' });
  });
});

describe('the log of a URL', () => {
  it('never holds a token or a code from the query string', async () => {
    const before = log.lines.length;
    await call(t.app, 'GET', '/api/v1/health?accessToken=SECRET-TOKEN-123&page=2');
    await call(t.app, 'GET', '/?accessToken=SECRET-TOKEN-456');
    const written = log.lines.slice(before).join('');
    expect(written).toContain('/api/v1/health?accessToken=[redacted]&page=2');
    expect(written).toContain('/?accessToken=[redacted]');
    expect(written).not.toContain('SECRET-TOKEN');
  });

  it.each([
    ['/x?token=abc&otp=123456&code=654321', '/x?token=[redacted]&otp=[redacted]&code=[redacted]'],
    [
      '/x?password=p&api_key=k&signature=s',
      '/x?password=[redacted]&api_key=[redacted]&signature=[redacted]',
    ],
    ['/x?access%5Ftoken=abc', '/x?access%5Ftoken=[redacted]'],
    ['/x?referralCode=ABCD2345&page=1', '/x?referralCode=ABCD2345&page=1'],
    ['/x', '/x'],
  ])('redacts %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('log format', () => {
  it('is readable on a terminal in development, JSON otherwise and always in production', () => {
    expect(logFormatOf('development', true)).toBe('pretty');
    expect(logFormatOf('development', false)).toBe('json');
    expect(logFormatOf('production', true)).toBe('json');
    expect(logFormatOf('production', false)).toBe('json');
  });

  it('pretty lines are plain text and as safe as JSON ones', () => {
    const pretty = capture('pretty');
    pretty.logger.info({ req: { method: 'GET', url: '/?accessToken=SECRET' } }, 'incoming request');
    expect(pretty.text()).toMatch(/INFO.*incoming request/);
    expect(pretty.text()).not.toMatch(/^\{/);
    expect(pretty.text()).toContain('accessToken=[redacted]');
    expect(pretty.text()).not.toContain('SECRET');
  });
});

describe('the log of a mail', () => {
  const mail = { to: 'm@example.com', subject: 'Your code: 424242', text: 'Your code is 424242.' };

  it.each([
    ['production without SMTP_URL', { env: 'production', smtpUrl: undefined }],
    ['mails really sent', { env: 'development', smtpUrl: 'smtp://127.0.0.1:9' }],
  ])('never holds the code: %s', async (_, config) => {
    const log = capture();
    // The log-only mailer: what production without SMTP_URL uses.
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'x@example.com',
      logger: mailLoggerOf(log.logger, config),
    });
    await mailer.send(mail);
    expect(log.text()).toContain('mail NOT sent');
    expect(log.text()).not.toContain('424242');
  });

  it('shows the code to the developer whose mails go nowhere else', async () => {
    const log = capture();
    const logger = mailLoggerOf(log.logger, { env: 'development', smtpUrl: undefined });
    await createMailer({ smtpUrl: undefined, from: 'x@example.com', logger }).send(mail);
    expect(log.text()).toContain('424242');
  });
});
