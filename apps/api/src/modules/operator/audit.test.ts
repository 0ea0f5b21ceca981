import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/operators.ts';
import { withTransaction } from '../../ledger/index.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { recordAudit } from '../../core/audit.ts';
import { signInOperator } from '../../testing/operators.ts';

let t: TestApp;
let adminToken: string;
let supportId: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signInOperator(t, 'admin@ops.example.com', 'admin', '10.0.0.1');
  t.clock.advance(MINUTE_MS);
  const supportToken = await signInOperator(t, 'support@ops.example.com', 'support', '10.0.0.2');
  const me = await call(t.app, 'GET', 'operator/auth/me', undefined, { token: supportToken });
  supportId = me.body.data.id as string;
  t.clock.advance(MINUTE_MS);
  await call(t.app, 'POST', 'operator/auth/logout', undefined, {
    token: supportToken,
    ip: '10.0.0.2',
  });
});
afterAll(() => t.close());

describe('audit log', () => {
  it('records sign-ins and sign-outs, newest first, for admins', async () => {
    const response = await call(t.app, 'GET', 'operator/audit-log', undefined, {
      token: adminToken,
    });
    expect(response.status).toBe(200);
    const page = response.body.data;
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
    const actions = page.data
      .filter((entry: { action: string }) => entry.action.startsWith('auth.'))
      .map((entry: { action: string; operatorEmail: string }) => [
        entry.action,
        entry.operatorEmail,
      ]);
    expect(actions).toEqual([
      ['auth.logout', 'support@ops.example.com'],
      ['auth.login', 'support@ops.example.com'],
      ['auth.login', 'admin@ops.example.com'],
    ]);
    expect(page.data[0]).toMatchObject({
      operatorId: supportId,
      targetType: 'operator',
      targetId: supportId,
      ip: '10.0.0.2',
      createdAt: new Date(t.clock.now().getTime()).toISOString(),
    });
    expect(page.total).toBe(page.data.length);
  });

  it('filters by action and by operator, and pages', async () => {
    const byAction = await call(t.app, 'GET', 'operator/audit-log?action=auth.login', undefined, {
      token: adminToken,
    });
    expect(byAction.body.data.total).toBe(2);
    const byOperator = await call(
      t.app,
      'GET',
      `operator/audit-log?operatorId=${supportId}`,
      undefined,
      { token: adminToken },
    );
    expect(byOperator.body.data.data.map((entry: { action: string }) => entry.action)).toEqual([
      'auth.logout',
      'auth.login',
    ]);
    const second = await call(
      t.app,
      'GET',
      `operator/audit-log?operatorId=${supportId}&page=2&pageSize=1`,
      undefined,
      { token: adminToken },
    );
    expect(second.body.data).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(second.body.data.data[0].action).toBe('auth.login');
  });

  it('names bad query fields with 422', async () => {
    const response = await call(
      t.app,
      'GET',
      'operator/audit-log?operatorId=nope&pageSize=1000',
      undefined,
      { token: adminToken },
    );
    expect(response.status).toBe(422);
    const fields = response.body.message[0].validation_results.map(
      (result: { field: string }) => result.field,
    );
    expect(fields).toEqual(expect.arrayContaining(['pageSize', 'operatorId']));
  });

  it('writes with the action it records: a rolled-back action leaves no row', async () => {
    const db = t.ctx.database.db;
    await expect(
      withTransaction(db, async (tx) => {
        await recordAudit(tx, {
          operatorId: supportId,
          action: 'test.rolled_back',
          now: t.clock.now(),
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'test.rolled_back'))).toEqual(
      [],
    );
  });

  it('is append-only: UPDATE and DELETE are refused by the database', async () => {
    const { database } = t.ctx;
    const db = database.db;
    const statements = [
      sql`update audit_log set action = 'forged'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ];
    const refusal = (on: Executor, statement: SQL) =>
      on.execute(statement).then(
        () => null,
        (caught: unknown) => caught as { cause?: { code?: string; message?: string } },
      );
    // The role requests run as has no right to try (decision 0030); even the owner, who has,
    // is refused by the trigger.
    for (const statement of statements) {
      expect((await refusal(db, statement))?.cause?.code).toBe('42501');
      const error = await database.asOwner((owner) => refusal(owner, statement));
      expect(error?.cause?.code).toBe('AU001');
      expect(error?.cause?.message).toMatch(/audit_log is append-only/);
    }
    const rows = await db.select().from(auditLog);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.some((row) => row.action === 'forged')).toBe(false);
  });
});
