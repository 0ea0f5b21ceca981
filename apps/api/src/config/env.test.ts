import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database in ./data on port 3000 with demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      database: { dataDir: './data' },
      seedDemo: true,
      demoPassword: 'demo-pass-2026',
      smtpUrl: undefined,
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('takes SUPPORT_EMAIL, else support@ the domain mails are sent from', () => {
    expect(loadConfig({}).supportEmail).toBe('support@member-invest.local');
    expect(loadConfig({ MAIL_FROM: 'Acme <no-reply@acme.example>' }).supportEmail).toBe(
      'support@acme.example',
    );
    expect(loadConfig({ SUPPORT_EMAIL: ' help@acme.example ' }).supportEmail).toBe(
      'help@acme.example',
    );
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('uses a PostgreSQL server from DATABASE_URL without demo data unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d' })).toMatchObject({
      database: { url: 'postgres://u@h:5432/d' },
      seedDemo: false,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d', SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
  });

  it('takes the request role URL beside DATABASE_URL, and only with it', () => {
    const urls = {
      DATABASE_URL: 'postgres://owner:o@h:5432/d',
      DATABASE_REQUEST_URL: 'postgres://req:r@h:5432/d',
    };
    expect(loadConfig(urls).database).toEqual({
      url: urls.DATABASE_URL,
      requestUrl: urls.DATABASE_REQUEST_URL,
      poolSize: 20,
    });
    expect(() => loadConfig({ DATABASE_REQUEST_URL: urls.DATABASE_REQUEST_URL })).toThrow(
      /DATABASE_REQUEST_URL.*needs DATABASE_URL/,
    );
  });

  it('starts the clock at APP_NOW outside production', () => {
    expect(loadConfig({ APP_NOW: '2026-05-01T08:00:00Z' }).appNow?.toISOString()).toBe(
      '2026-05-01T08:00:00.000Z',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [
      { DATABASE_URL: 'postgres://u@h/d', DATABASE_REQUEST_URL: 'mysql://x' },
      'DATABASE_REQUEST_URL',
    ],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ HOST: 'http://0.0.0.0' }, 'HOST'],
    [{ DEV_MAILBOX: 'public' }, 'DEV_MAILBOX'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ APP_NOW: 'tomorrow' }, 'APP_NOW'],
    [{ APP_NOW: '2026-05-01T08:00:00Z', NODE_ENV: 'production' }, 'APP_NOW'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ DEMO_PASSWORD: 'short' }, 'DEMO_PASSWORD'],
  ])('stops on %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('stops on the value that crashed the start, in one line naming SMTP_URL', () => {
    const load = () => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:undefined' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /^Invalid configuration: SMTP_URL: has the port "undefined"; a port is a number from 1 to 65535 \(e\.g\. smtp:\/\/127\.0\.0\.1:2525\) \(got "smtp:\/\/127\.0\.0\.1:undefined"\)$/,
    );
  });

  // Each value here passed the old prefix checks and then threw (or misbehaved) in its client.
  it.each([
    ['SMTP_URL', 'smtp://127.0.0.1:undefined', /port "undefined"/],
    ['SMTP_URL', 'smtp://mail.example.com:70000', /port "70000"/],
    ['SMTP_URL', 'smtp://mail.example.com:0', /port "0"/],
    ['SMTP_URL', 'smtp://', /must name a host/],
    ['SMTP_URL', 'smtps://user:100%@mail.example.com', /percent-encoding/],
    ['SMTP_URL', 'smtp://mail .example.com', /not a valid URL/],
    ['DATABASE_URL', 'postgres://u@db:port/app', /port "port"/],
    ['DATABASE_URL', 'postgres:///app', /must name a host/],
    ['DATABASE_URL', 'postgres://u:p%zz@db/app', /percent-encoding/],
    ['DATABASE_URL', 'mysql://db/app', /must be a postgres:\/\/ or postgresql:\/\/ URL/],
    ['PUBLIC_URL', 'invest.example.com', /must be a https:\/\/ or http:\/\/ URL/],
    ['PUBLIC_URL', 'https://:443/', /not a valid URL|must name a host/],
    ['PUBLIC_URL', 'ftp://invest.example.com', /must be a https:\/\/ or http:\/\/ URL/],
    ['REDIS_URL', 'redis://cache:six', /port "six"/],
    ['REDIS_URL', 'http://cache:6379', /must be a redis:\/\/ or rediss:\/\/ URL/],
    ['NOWPAYMENTS_API_URL', 'api.nowpayments.io', /must be a https:\/\/ or http:\/\/ URL/],
    ['NOWPAYMENTS_API_URL', 'https://api.nowpayments.io:99999', /port "99999"/],
  ])('refuses %s=%s', (name, value, reason) => {
    const load = () => loadConfig({ [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
    expect(load).toThrow(reason);
  });

  it('accepts the URLs its clients accept', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://app:p%40ss@[::1]:6432/invest?sslmode=require',
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      PUBLIC_URL: 'https://invest.example.com/',
      REDIS_URL: 'rediss://:token@cache.internal:6380/0',
      NOWPAYMENTS_API_URL: 'http://127.0.0.1:4010',
    });
    expect(config.database).toMatchObject({
      url: 'postgresql://app:p%40ss@[::1]:6432/invest?sslmode=require',
    });
    expect(config.publicUrl).toBe('https://invest.example.com');
    expect(
      loadConfig({ DATABASE_URL: 'postgres:///invest?host=/var/run/postgresql' }).database,
    ).toMatchObject({ url: 'postgres:///invest?host=/var/run/postgresql' });
  });

  it('never echoes the credentials of a refused URL or a secret', () => {
    const load = () => loadConfig({ SMTP_URL: 'smtps://mailer:hunter2-secret@mail:99999' });
    expect(load).toThrow(/SMTP_URL: .*\(got "smtps:\/\/\*\*\*@mail:99999"\)/);
    expect(load).not.toThrow(/hunter2/);
    expect(() => loadConfig({ METRICS_TOKEN: 'tiny-secret' })).not.toThrow(/tiny-secret/);
  });
});

describe('production', () => {
  const PRODUCTION = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db:5432/app' };

  it('never seeds demo data, whatever the database', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
  });

  it('refuses SEED_DEMO=true by name', () => {
    for (const env of [{ NODE_ENV: 'production' }, PRODUCTION])
      expect(() => loadConfig({ ...env, SEED_DEMO: 'true' })).toThrow(
        /^Invalid configuration: SEED_DEMO: is refused when NODE_ENV=production/,
      );
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it.each([
    ['short-pass', /at least 12 characters/],
    ['demo-operator-2026', /published demo password/],
    ['demo-pass-2026', /at least 12 characters|published demo password/],
    ['password1234', /commonly used password/],
  ])('refuses the operator password %s', (password, reason) => {
    for (const env of [{ NODE_ENV: 'production' }, PRODUCTION]) {
      const load = () =>
        loadConfig({ ...env, OPERATOR_EMAIL: 'boss@example.com', OPERATOR_PASSWORD: password });
      expect(load).toThrow(/OPERATOR_PASSWORD: /);
      expect(load).toThrow(reason);
      expect(load).not.toThrow(new RegExp(password));
    }
  });

  it("refuses the test runs' cheapest password hashing by name", () => {
    expect(() => loadConfig({ ...PRODUCTION, PASSWORD_HASH_COST: 'minimal' })).toThrow(
      /PASSWORD_HASH_COST: is refused when NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PASSWORD_HASH_COST: 'standard' })).not.toThrow();
  });

  it('has no dev mailbox, and refuses one asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devMailbox).toBe('off');
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'local' })).toThrow(
      /DEV_MAILBOX: is refused when NODE_ENV=production/,
    );
  });
});

describe('dev mailbox', () => {
  it('serves this machine only by default, nobody with SMTP_URL or behind a proxy', () => {
    expect(loadConfig({}).devMailbox).toBe('local');
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).devMailbox).toBe('off');
    expect(loadConfig({ TRUST_PROXY: 'true' }).devMailbox).toBe('off');
    expect(loadConfig({ TRUST_PROXY: 'true', DEV_MAILBOX: 'local' }).devMailbox).toBe('local');
    expect(loadConfig({ DEV_MAILBOX: 'open' }).devMailbox).toBe('open');
  });
});

describe('market data', () => {
  it('tries Binance and falls back by default; tests stay simulated unless told', () => {
    expect(loadConfig({}).market).toEqual({
      mode: 'auto',
      apiUrl: 'https://api.binance.com',
      pollIntervalMs: 5_000,
      timeoutMs: 5_000,
      retryIntervalMs: 60_000,
      streamsPerMember: 3,
      streamsPerAddress: 10,
      streamCheckMs: 15_000,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).market.mode).toBe('simulated');
    expect(
      loadConfig({ MARKET_DATA: 'binance', MARKET_API_URL: 'http://127.0.0.1:9000/' }).market,
    ).toMatchObject({ mode: 'binance', apiUrl: 'http://127.0.0.1:9000' });
  });

  it('refuses an unknown source or a poll faster than 100 ms, by name', () => {
    expect(() => loadConfig({ MARKET_DATA: 'coingecko' })).toThrow(/MARKET_DATA/);
    expect(() => loadConfig({ MARKET_POLL_MS: '10' })).toThrow(/MARKET_POLL_MS/);
  });
});

describe('the edges: slow clients and a database that starts late', () => {
  it('sizes the request limits for a phone on a slow network by default', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      maxConnectionsPerAddress: 20,
    });
    expect(config.databaseStartTimeoutMs).toBe(30_000);
    expect(config.idempotencyLeaseMs).toBe(10_000);
    expect(loadConfig({ DATABASE_START_TIMEOUT_MS: '0' }).databaseStartTimeoutMs).toBe(0);
  });

  it('refuses headers allowed longer than the whole request, by name', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS \(30000\)/,
    );
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(
      /MAX_CONNECTIONS_PER_ADDRESS/,
    );
  });
});

describe('the second-factor keys', () => {
  it('seals with SECOND_FACTOR_KEY and still opens with SECOND_FACTOR_PREVIOUS_KEYS, never echoed', () => {
    const key = randomBytes(32);
    const old = [randomBytes(32), randomBytes(32)];
    const configured = loadConfig({
      NODE_ENV: 'production',
      SECOND_FACTOR_KEY: key.toString('base64'),
      SECOND_FACTOR_PREVIOUS_KEYS: old.map((each) => ` ${each.toString('base64')} `).join(','),
    });
    expect(configured.secondFactorKeys).toEqual({ current: key, previous: old });
    // Production without a current key has none, whatever the previous ones: nothing is sealed.
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SECOND_FACTOR_PREVIOUS_KEYS: key.toString('base64'),
      }).secondFactorKeys,
    ).toBeNull();
    expect(loadConfig({ NODE_ENV: 'development' }).secondFactorKeys?.previous).toEqual([]);
    expect(() =>
      loadConfig({ SECOND_FACTOR_PREVIOUS_KEYS: `${key.toString('base64')},c2hvcnQ=` }),
    ).toThrow(
      /SECOND_FACTOR_PREVIOUS_KEYS: must be keys of 32 bytes in base64.*\(got \(hidden\)\)/,
    );
  });
});
