import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { auditLog, operators } from '../../db/schema/operators.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  bootstrapDemoFinanceOperators,
  bootstrapOperator,
  DEMO_FINANCE_EMAILS,
  DEMO_OPERATOR_EMAIL,
  DEMO_OPERATOR_PASSWORD,
  productionOperatorProblem,
} from './bootstrap.ts';

const SERVER_ENV = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' };

describe('OPERATOR_* configuration', () => {
  it('reads the operator, lower-cases the email, and defaults the role to admin', () => {
    const config = loadConfig({
      ...SERVER_ENV,
      OPERATOR_EMAIL: 'Boss@Example.COM',
      OPERATOR_PASSWORD: 'a-long-enough-secret',
    });
    expect(config.operator).toEqual({
      email: 'boss@example.com',
      password: 'a-long-enough-secret',
      role: 'admin',
    });
    expect(loadConfig(SERVER_ENV).operator).toBeUndefined();
  });

  it('refuses a short password outside demo mode, without echoing it', () => {
    const load = () =>
      loadConfig({ ...SERVER_ENV, OPERATOR_EMAIL: 'a@b.co', OPERATOR_PASSWORD: 'short-pass' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/OPERATOR_PASSWORD: must be at least 12 characters/);
    expect(load).not.toThrow(/short-pass/);
    // Demo mode (embedded database) accepts it.
    expect(
      loadConfig({ OPERATOR_EMAIL: 'a@b.co', OPERATOR_PASSWORD: 'short-pass' }).operator?.email,
    ).toBe('a@b.co');
  });

  it('needs both email and password, a known role and a real address', () => {
    expect(() => loadConfig({ ...SERVER_ENV, OPERATOR_EMAIL: 'a@b.co' })).toThrow(
      /OPERATOR_PASSWORD: is required/,
    );
    expect(() => loadConfig({ ...SERVER_ENV, OPERATOR_PASSWORD: 'a-long-enough-secret' })).toThrow(
      /OPERATOR_EMAIL: is required/,
    );
    expect(() => loadConfig({ ...SERVER_ENV, OPERATOR_ROLE: 'root' })).toThrow(/OPERATOR_ROLE/);
    expect(() =>
      loadConfig({
        ...SERVER_ENV,
        OPERATOR_EMAIL: 'nobody',
        OPERATOR_PASSWORD: 'a-long-enough-secret',
      }),
    ).toThrow(/OPERATOR_EMAIL: must be an email address/);
  });
});

describe('bootstrapOperator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        OPERATOR_EMAIL: 'Finance.Lead@Ops.Example.com',
        OPERATOR_PASSWORD: 'first-password-2026',
        OPERATOR_ROLE: 'finance',
      },
    });
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;
  const find = async (email: string) =>
    (await db().select().from(operators).where(eq(operators.email, email)))[0];
  // Each test below bootstraps an operator of its own, so none needs another to have run first.
  const configFor = (email: string, password: string, role: string) =>
    loadConfig({ OPERATOR_EMAIL: email, OPERATOR_PASSWORD: password, OPERATOR_ROLE: role });

  it('creates the configured operator, who can then sign in', async () => {
    const result = await bootstrapOperator(db(), t.ctx.config, t.clock.now());
    expect(result).toEqual({
      email: 'finance.lead@ops.example.com',
      role: 'finance',
      outcome: 'created',
      demoPassword: undefined,
    });
    const login = await call(t.app, 'POST', 'operator/auth/login', {
      email: 'finance.lead@ops.example.com',
      password: 'first-password-2026',
    });
    expect(login.status).toBe(200);
    expect(login.body.data.operator).toMatchObject({ role: 'finance' });
    const operator = await find('finance.lead@ops.example.com');
    const created = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'operator.bootstrap_create'), eq(auditLog.targetId, operator!.id)),
      );
    expect(created).toHaveLength(1);
    expect(JSON.stringify(created[0]!.detail)).not.toContain('first-password-2026');
  });

  it('leaves an unchanged operator alone, without re-hashing', async () => {
    const config = configFor('unchanged@ops.example.com', 'first-password-2026', 'finance');
    expect((await bootstrapOperator(db(), config, t.clock.now()))?.outcome).toBe('created');
    const before = await find('unchanged@ops.example.com');
    const result = await bootstrapOperator(db(), config, t.clock.now());
    expect(result?.outcome).toBe('unchanged');
    expect((await find('unchanged@ops.example.com'))!.passwordHash).toBe(before!.passwordHash);
  });

  it('updates password and role when the configuration changes', async () => {
    const first = configFor('updated@ops.example.com', 'first-password-2026', 'finance');
    expect((await bootstrapOperator(db(), first, t.clock.now()))?.outcome).toBe('created');
    const before = await find('updated@ops.example.com');
    const config = loadConfig({
      OPERATOR_EMAIL: 'updated@ops.example.com',
      OPERATOR_PASSWORD: 'second-password-2026',
      OPERATOR_ROLE: 'admin',
    });
    const result = await bootstrapOperator(db(), config, t.clock.now());
    expect(result?.outcome).toBe('updated');
    const after = await find('updated@ops.example.com');
    expect(after!.role).toBe('admin');
    expect(after!.passwordHash).not.toBe(before!.passwordHash);
    const oldPassword = await call(t.app, 'POST', 'operator/auth/login', {
      email: 'updated@ops.example.com',
      password: 'first-password-2026',
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await call(t.app, 'POST', 'operator/auth/login', {
      email: 'updated@ops.example.com',
      password: 'second-password-2026',
    });
    expect(newPassword.status).toBe(200);
    expect(newPassword.body.data.operator.role).toBe('admin');
  });

  it('never re-activates a disabled operator', async () => {
    const first = configFor('disabled@ops.example.com', 'first-password-2026', 'finance');
    expect((await bootstrapOperator(db(), first, t.clock.now()))?.outcome).toBe('created');
    await db()
      .update(operators)
      .set({ status: 'disabled' })
      .where(eq(operators.email, 'disabled@ops.example.com'));
    const config = loadConfig({
      OPERATOR_EMAIL: 'disabled@ops.example.com',
      OPERATOR_PASSWORD: 'third-password-2026',
      OPERATOR_ROLE: 'admin',
    });
    expect((await bootstrapOperator(db(), config, t.clock.now()))?.outcome).toBe('updated');
    expect((await find('disabled@ops.example.com'))!.status).toBe('disabled');
    const login = await call(t.app, 'POST', 'operator/auth/login', {
      email: 'disabled@ops.example.com',
      password: 'third-password-2026',
    });
    expect(login.status).toBe(401);
  });

  it('creates the demo operator in demo mode when none is configured, once', async () => {
    const demoConfig = loadConfig({ NODE_ENV: 'test' });
    expect(demoConfig.seedDemo).toBe(true);
    const first = await bootstrapOperator(db(), demoConfig, t.clock.now());
    expect(first).toEqual({
      email: DEMO_OPERATOR_EMAIL,
      role: 'admin',
      outcome: 'created',
      demoPassword: DEMO_OPERATOR_PASSWORD,
    });
    expect((await bootstrapOperator(db(), demoConfig, t.clock.now()))?.outcome).toBe('unchanged');
    const login = await call(t.app, 'POST', 'operator/auth/login', {
      email: 'operator@example.com',
      password: 'demo-operator-2026',
    });
    expect(login.status).toBe(200);
    expect(login.body.data.operator).toMatchObject({
      email: 'operator@example.com',
      role: 'admin',
    });
  });

  it('creates nobody outside demo mode when nothing is configured', async () => {
    const config = loadConfig(SERVER_ENV);
    expect(await bootstrapOperator(db(), config, t.clock.now())).toBeNull();
  });
});

describe('production', () => {
  // A database per test: each starts from no operator at all.
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());
  const db = () => t.ctx.database.db;

  it('never creates the demo operator, even on the embedded database', async () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.seedDemo).toBe(false);
    expect(await bootstrapOperator(db(), config, t.clock.now())).toBeNull();
    expect(await db().select().from(operators)).toEqual([]);
  });

  it('will not start without an active admin, and says how to create one', async () => {
    expect(await productionOperatorProblem(db())).toMatch(
      /^No active admin operator: start once with OPERATOR_EMAIL and OPERATOR_PASSWORD/,
    );
    const support = loadConfig({
      ...SERVER_ENV,
      OPERATOR_EMAIL: 'help@ops.example.com',
      OPERATOR_PASSWORD: 'support-desk-passphrase',
      OPERATOR_ROLE: 'support',
    });
    await bootstrapOperator(db(), support, t.clock.now());
    expect(await productionOperatorProblem(db())).toMatch(/^No active admin operator/);
  });

  it('will not start while the demo operator left by a demo start keeps its published password', async () => {
    await bootstrapOperator(db(), loadConfig({ NODE_ENV: 'test' }), t.clock.now());
    expect(await productionOperatorProblem(db())).toMatch(
      /operator@example\.com still has the published demo password: start once with OPERATOR_EMAIL=operator@example\.com/,
    );
    // The way out the message gives: a new password for that operator through the environment.
    const config = loadConfig({
      ...SERVER_ENV,
      OPERATOR_EMAIL: DEMO_OPERATOR_EMAIL,
      OPERATOR_PASSWORD: 'a-brand-new-admin-secret',
    });
    expect((await bootstrapOperator(db(), config, t.clock.now()))?.outcome).toBe('updated');
    expect(await productionOperatorProblem(db())).toBeNull();
  });
});

describe('bootstrapDemoFinanceOperators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  it('creates the two finance operators in demo mode only, once, and they can sign in', async () => {
    expect(await bootstrapDemoFinanceOperators(db(), { seedDemo: false }, t.clock.now())).toEqual(
      [],
    );
    expect(
      await db()
        .select()
        .from(operators)
        .where(inArray(operators.email, [...DEMO_FINANCE_EMAILS])),
    ).toEqual([]);

    expect(await bootstrapDemoFinanceOperators(db(), { seedDemo: true }, t.clock.now())).toEqual([
      ...DEMO_FINANCE_EMAILS,
    ]);
    expect(await bootstrapDemoFinanceOperators(db(), { seedDemo: true }, t.clock.now())).toEqual(
      [],
    );
    for (const email of DEMO_FINANCE_EMAILS) {
      const login = await call(t.app, 'POST', 'operator/auth/login', {
        email,
        password: DEMO_OPERATOR_PASSWORD,
      });
      expect(login.status).toBe(200);
      expect(login.body.data.operator).toMatchObject({ email, role: 'finance' });
    }
    // A production start on this database refuses the published password.
    expect(await productionOperatorProblem(db())).toMatch(
      /finance@example\.com still has the published demo password/,
    );
  });
});
