import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { api, at, buy, claim, fundedMember, tokenOf, usd } from '../../testing/members.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Sessions outlive no clock jump of days, so the operator signs in at the clock's now. */
const signInAs = (role: 'admin' | 'finance' | 'support' = 'admin') =>
  signInOperator(t, `${role}@example.com`, role);

const operatorCall = async (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  token?: string,
) => {
  const response = await t.app.inject({
    method,
    url: `/api/v1/operator/${url}`,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: { authorization: `Bearer ${token ?? (await signInAs())}` },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, any> };
};

const reasons = (response: { body: Record<string, any> }) =>
  response.body.message[0].validation_results as { field: string; reason: string }[];

const auditOf = (targetId: string) =>
  queryRows<{ action: string; detail: any }>(
    t.ctx.database.db,
    sql`select action, detail from audit_log where target_id = ${targetId} order by id`,
  );

const onSale = async (memberId: string) =>
  (
    (await api(t, memberId, 'GET', 'package?pageSize=100')).body.data.data as { name: string }[]
  ).map((row) => row.name);

const newPackage = {
  name: 'Gold 30',
  minAmount: '100',
  maxAmount: 5000,
  dailyPercentage: '0.45',
  totalDays: 30,
  sortOrder: 7,
};

describe('operator catalogue management', () => {
  it('adds a package, audited, on sale to members at once', async () => {
    t.clock.set(at(0));
    const added = await operatorCall('POST', 'packages', newPackage);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Package Gold 30 added');
    expect(added.body.data).toEqual({
      id: expect.any(String),
      name: 'Gold 30',
      minAmount: 100,
      maxAmount: 5000,
      dailyPercentage: 0.45,
      totalDays: 30,
      active: true,
      sortOrder: 7,
      createdAt: at(0).toISOString(),
      version: 1,
    });
    expect(await auditOf(added.body.data.id)).toEqual([
      { action: 'package.create', detail: { package: added.body.data } },
    ]);
    const member = await fundedMember(t, 0n);
    expect(await onSale(member)).toContain('Gold 30');
  });

  it('refuses bad input naming each field, and changes nothing', async () => {
    const existing = await operatorCall('POST', 'packages', { ...newPackage, name: 'Taken 30' });
    expect(existing.status).toBe(200);
    const [before] = await queryRows<{ n: string }>(
      t.ctx.database.db,
      sql`select count(*)::text as n from packages`,
    );
    const missing = await operatorCall('POST', 'packages', {});
    expect(missing.status).toBe(422);
    expect(reasons(missing)).toEqual([
      { field: 'name', reason: 'Name is required' },
      { field: 'minAmount', reason: 'Minimum amount is required' },
      { field: 'maxAmount', reason: 'Maximum amount is required' },
      { field: 'dailyPercentage', reason: 'Daily percentage is required' },
      { field: 'totalDays', reason: 'Enter valid Total days.' },
    ]);
    const bad = await operatorCall('POST', 'packages', {
      ...newPackage,
      name: 'x'.repeat(61),
      dailyPercentage: '0.12345',
      totalDays: 0,
      sortOrder: -1,
    });
    expect(reasons(bad)).toEqual([
      { field: 'name', reason: 'Name can have at most 60 characters' },
      { field: 'dailyPercentage', reason: 'Daily percentage can have at most 4 decimal places' },
      { field: 'totalDays', reason: 'Total days must be between 1 and 3650' },
      { field: 'sortOrder', reason: 'Sort order must be between 0 and 10000' },
    ]);
    const tooHigh = await operatorCall('POST', 'packages', { ...newPackage, dailyPercentage: 101 });
    expect(reasons(tooHigh)).toEqual([
      { field: 'dailyPercentage', reason: 'Daily percentage must be at most 100' },
    ]);
    const reversed = await operatorCall('POST', 'packages', {
      ...newPackage,
      name: 'Reversed',
      minAmount: 500,
      maxAmount: 499.999999,
    });
    expect(reasons(reversed)).toEqual([
      { field: 'maxAmount', reason: 'Maximum amount must not be less than Minimum amount' },
    ]);
    const taken = await operatorCall('POST', 'packages', { ...newPackage, name: 'taken 30' });
    expect(reasons(taken)).toEqual([
      { field: 'name', reason: 'Name is already used by another package' },
    ]);
    const [after] = await queryRows<{ n: string }>(
      t.ctx.database.db,
      sql`select count(*)::text as n from packages`,
    );
    expect(after).toEqual(before);
  });

  it('edits apply to later purchases only: holders keep the terms they bought', async () => {
    t.clock.set(at(1));
    const created = await operatorCall('POST', 'packages', { ...newPackage, name: 'Editable' });
    const id = created.body.data.id as string;
    const holder = await fundedMember(t, usd('5000'));
    const first = await buy(t, holder, { packageId: id, amount: '1000' });
    expect(first.body.data.dailyProfitAmount).toBe(4.5);

    const edited = await operatorCall('PATCH', `packages/${id}`, {
      name: 'Editable Plus',
      dailyPercentage: 0.6,
      totalDays: 60,
      minAmount: 1000,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Editable Plus',
      dailyPercentage: 0.6,
      totalDays: 60,
      minAmount: 1000,
      maxAmount: 5000,
      sortOrder: 7,
      version: 2,
    });
    const audit = await auditOf(id);
    expect(audit[1]).toEqual({
      action: 'package.update',
      detail: { before: created.body.data, after: edited.body.data },
    });

    const second = await buy(t, holder, { packageId: id, amount: '1000' });
    expect(second.body.data).toMatchObject({ dailyProfitAmount: 6, totalDays: 60 });
    const mine = await api(t, holder, 'GET', `package/my-packages/${first.body.data.id}`);
    expect(mine.body.data).toMatchObject({ dailyProfitAmount: 4.5, totalDays: 30 });

    const reversed = await operatorCall('PATCH', `packages/${id}`, { maxAmount: 999 });
    expect(reasons(reversed)).toEqual([
      { field: 'maxAmount', reason: 'Maximum amount must not be less than Minimum amount' },
    ]);
    const clash = await operatorCall('PATCH', `packages/${id}`, { name: 'STARTER' });
    expect(reasons(clash)).toEqual([
      { field: 'name', reason: 'Name is already used by another package' },
    ]);
    const empty = await operatorCall('PATCH', `packages/${id}`, {});
    expect(empty.status).toBe(422);
    expect(
      (await operatorCall('PATCH', `packages/${crypto.randomUUID()}`, { totalDays: 5 })).status,
    ).toBe(404);
    expect((await operatorCall('PATCH', 'packages/not-an-id', { totalDays: 5 })).status).toBe(404);
    expect(await auditOf(id)).toHaveLength(2);
    const again = await operatorCall('PATCH', `packages/${id}`, { sortOrder: 8 });
    expect(again.body.data.version).toBe(3);
    const listed = await operatorCall('GET', 'packages?pageSize=100');
    expect(listed.body.data.data).toContainEqual(expect.objectContaining({ id, version: 3 }));
    await expectReconciled(t.ctx.database.db);
  });

  it('retires a package: off sale and not buyable, while holders keep accruing and claiming', async () => {
    t.clock.set(at(2));
    const created = await operatorCall('POST', 'packages', { ...newPackage, name: 'Retiring' });
    const id = created.body.data.id as string;
    const holder = await fundedMember(t, usd('2000'));
    expect((await buy(t, holder, { packageId: id, amount: '1000' })).status).toBe(200);

    const retired = await operatorCall('POST', `packages/${id}/retire`);
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({
      message: 'Package Retiring retired',
      data: { id, active: false, version: 1 },
    });
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ action: 'package.create' }),
      { action: 'package.retire', detail: { name: 'Retiring' } },
    ]);
    expect(await onSale(holder)).not.toContain('Retiring');
    const refused = await buy(t, holder, { packageId: id, amount: '1000' });
    expect(refused.status).toBe(422);
    expect(reasons(refused)).toEqual([
      { field: 'packageId', reason: 'Package Retiring is no longer available' },
    ]);
    const all = await operatorCall('GET', 'packages?pageSize=100');
    expect(all.body.data.data).toContainEqual(expect.objectContaining({ id, active: false }));

    t.clock.set(at(4)); // two days accrued since the purchase
    const paid = await claim(t, holder);
    expect(paid.status).toBe(200);
    expect(paid.body.data.totalAmount).toBe(9);

    const again = await operatorCall('POST', `packages/${id}/retire`);
    expect(again.status).toBe(409);
    expect((await operatorCall('POST', `packages/${crypto.randomUUID()}/retire`)).status).toBe(404);
    await expectReconciled(t.ctx.database.db);
  });

  it('is read by admins and finance and changed by admins only', async () => {
    const member = await fundedMember(t, 0n);
    const memberToken = await tokenOf(t, member);
    const finance = await signInAs('finance');
    const read = await operatorCall('GET', 'packages?pageSize=100', undefined, finance);
    expect(read.status).toBe(200);
    expect(read.body.data.data.length).toBeGreaterThan(0);
    for (const token of [await signInAs('support'), memberToken])
      expect((await operatorCall('GET', 'packages', undefined, token)).status).toBe(403);
    for (const token of [finance, await signInAs('support'), memberToken]) {
      expect((await operatorCall('POST', 'packages', newPackage, token)).status).toBe(403);
      expect(
        (await operatorCall('PATCH', `packages/${crypto.randomUUID()}`, { totalDays: 3 }, token))
          .status,
      ).toBe(403);
      expect(
        (await operatorCall('POST', `packages/${crypto.randomUUID()}/retire`, undefined, token))
          .status,
      ).toBe(403);
    }
    expect((await call(t.app, 'GET', 'operator/packages')).status).toBe(401);
  });
});
