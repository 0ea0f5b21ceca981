import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyMember } from '../../core/notifications.ts';
import { members } from '../../db/schema/members.ts';
import { call, signUp } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, 'RTST2345');
});
afterAll(() => t.close());

/** A signed-up member (whose welcome is notification 1) with `extra` more, one minute apart. */
async function memberWithNotifications(extra: number) {
  const member = await signUp(t.app, t.smtp, 'RTST2345');
  const db = t.ctx.database.db;
  const [row] = await db.select().from(members).where(eq(members.referralCode, member.code));
  for (let index = 1; index <= extra; index++) {
    await notifyMember(
      db,
      row!.id,
      `Event ${index}`,
      new Date(t.clock.now().getTime() + index * 60_000),
      index % 2 ? { kind: 'money', link: '/fund/transaction-history' } : {},
    );
  }
  const get = (query = '') =>
    call(t.app, 'GET', `notification${query}`, undefined, { token: member.token });
  const markRead = (body?: unknown) =>
    call(t.app, 'POST', 'notification/read', body, { token: member.token });
  return { member, get, markRead };
}

describe('GET notification', () => {
  it('lists newest first with kind and link, pages, and counts the unread', async () => {
    const { get } = await memberWithNotifications(4);
    const first = await get('?pageSize=3');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 3, total: 5, unread: 5 });
    expect(first.body.data.data.map((row: { message: string }) => row.message)).toEqual([
      'Event 4',
      'Event 3',
      'Event 2',
    ]);
    expect(first.body.data.data[1]).toMatchObject({
      kind: 'money',
      link: '/fund/transaction-history',
      read: false,
    });
    expect(first.body.data.data[0]).toMatchObject({ kind: 'general', link: null });
    const second = await get('?pageSize=3&page=2');
    expect(second.body.data.data.map((row: { message: string }) => row.message)).toEqual([
      'Event 1',
      expect.stringMatching(/^Welcome Member/),
    ]);
  });

  it('refuses a page size over the maximum, naming the field', async () => {
    const { get } = await memberWithNotifications(0);
    const bad = await get('?pageSize=1000');
    expect(bad.status).toBe(422);
    expect(bad.body.message[0].validation_results[0].field).toBe('pageSize');
  });
});

describe('POST notification/read', () => {
  it('marks only the named ones read and answers what stays unread', async () => {
    const { get, markRead } = await memberWithNotifications(2);
    const [newest, second] = (await get()).body.data.data as { id: string }[];
    const marked = await markRead({ ids: [newest!.id, second!.id] });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ updated: 2, unread: 1 });
    // Marking them again changes nothing: they are no longer unread.
    expect((await markRead({ ids: [newest!.id] })).body.data).toEqual({ updated: 0, unread: 1 });
    const rows = (await get()).body.data.data as { id: string; read: boolean }[];
    expect(rows.map((row) => row.read)).toEqual([true, true, false]);
  });

  it('marks every unread one when no ids are named, with or without a body', async () => {
    const { get, markRead } = await memberWithNotifications(2);
    expect((await markRead()).body.data).toEqual({ updated: 3, unread: 0 });
    expect((await get()).body.data.unread).toBe(0);
    const again = await memberWithNotifications(1);
    expect((await again.markRead({})).body.data).toEqual({ updated: 2, unread: 0 });
  });

  it("cannot touch another member's notifications", async () => {
    const owner = await memberWithNotifications(1);
    const other = await memberWithNotifications(0);
    const ownersId = ((await owner.get()).body.data.data as { id: string }[])[0]!.id;
    expect((await other.markRead({ ids: [ownersId] })).body.data).toEqual({
      updated: 0,
      unread: 1,
    });
    expect((await owner.get()).body.data.unread).toBe(2);
  });

  it.each([
    ['not an id', { ids: ['nope'] }],
    ['an empty list', { ids: [] }],
    ['not a list', { ids: 'all' }],
    ['too many', { ids: Array.from({ length: 101 }, () => crypto.randomUUID()) }],
  ])('refuses %s, naming ids, and changes nothing', async (_, body) => {
    const { get, markRead } = await memberWithNotifications(1);
    const refused = await markRead(body);
    expect(refused.status).toBe(422);
    expect(refused.body.message[0].validation_results[0].field).toMatch(/^ids/);
    expect((await get()).body.data.unread).toBe(2);
  });
});
