import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperator } from '../../testing/operators.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { notifyOperators, type OperatorNotice } from '../../core/operator-notifications.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = 'admin' | 'finance' | 'support';
const asOperator = async (role: Role, method: 'GET' | 'POST', url: string, email?: string) =>
  call(t.app, method, `operator/${url}`, undefined, {
    token: await signInOperator(t, email ?? `${role}@ops.example.com`, role),
  });
const feed = (role: Role, query = '') => asOperator(role, 'GET', `notifications${query}`);
const notify = (notice: OperatorNotice) =>
  notifyOperators(t.ctx.database.db, notice, t.clock.now());

describe('operator notifications', () => {
  it("an operator reads their role's feed newest first, with unread counted per operator", async () => {
    const empty = await feed('support');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ data: [], page: 1, pageSize: 20, total: 0, unread: 0 });

    const ticketId = crypto.randomUUID();
    await notify({
      audience: 'support',
      message: 'New ticket #1',
      targetType: 'ticket',
      targetId: ticketId,
    });
    await notify({
      audience: 'support',
      message: 'Reply on ticket #1',
      targetType: 'ticket',
      targetId: ticketId,
    });

    const two = await feed('support');
    expect(two.body.data).toMatchObject({ total: 2, unread: 2 });
    expect(two.body.data.data).toMatchObject([
      { message: 'Reply on ticket #1', read: false },
      { message: 'New ticket #1', read: false },
    ]);
    expect(two.body.data.data[0]).toMatchObject({ targetType: 'ticket', targetId: ticketId });
    expect(Number(two.body.data.data[0].id)).toBeGreaterThan(Number(two.body.data.data[1].id));
    // Other roles' feeds do not hold support's events.
    expect((await feed('admin')).body.data).toMatchObject({ total: 0, unread: 0 });

    const read = await asOperator('support', 'POST', 'notifications/read');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ lastReadId: two.body.data.data[0].id, unread: 0 });
    const after = await feed('support');
    expect(after.body.data.unread).toBe(0);
    expect(after.body.data.data.every((row: { read: boolean }) => row.read)).toBe(true);

    // A later event is unread again, and only it; another support operator has read nothing.
    await notify({ audience: 'support', message: 'New ticket #2' });
    await notify({ audience: 'finance', message: 'For finance only' });
    const later = await feed('support', '?pageSize=1');
    expect(later.body.data).toMatchObject({ total: 3, unread: 1, pageSize: 1 });
    expect(later.body.data.data[0]).toMatchObject({ read: false });
    const colleague = await asOperator(
      'support',
      'GET',
      'notifications',
      'support2@ops.example.com',
    );
    expect(colleague.body.data).toMatchObject({ total: 3, unread: 3 });
    expect((await feed('finance')).body.data).toMatchObject({ total: 1, unread: 1 });
  });

  it('marking an empty feed read is harmless', async () => {
    const answer = await asOperator('admin', 'POST', 'notifications/read');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ lastReadId: null, unread: 0 });
  });

  it('refuses a bad page with a 422 naming it', async () => {
    const answer = await feed('support', '?page=0');
    expect(answer.status).toBe(422);
    expect(answer.body.message[0].validation_results[0].field).toBe('page');
  });
});
