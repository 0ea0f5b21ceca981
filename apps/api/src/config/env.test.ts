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

  it('uses a PostgreSQL server from DATABASE_URL without demo data unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d' })).toMatchObject({
      database: { url: 'postgres://u@h:5432/d' },
      seedDemo: false,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d', SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
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
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ APP_NOW: 'tomorrow' }, 'APP_NOW'],
    [{ APP_NOW: '2026-05-01T08:00:00Z', NODE_ENV: 'production' }, 'APP_NOW'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ DEMO_PASSWORD: 'short' }, 'DEMO_PASSWORD'],
  ])('stops on %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
