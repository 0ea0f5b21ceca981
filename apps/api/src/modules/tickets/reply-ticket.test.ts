import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_TICKET_MESSAGES, TICKET_CLOSED, TICKET_FULL, TICKET_NOT_FOUND } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  asMember,
  asOperator,
  fieldErrors,
  newMember,
  openTicket,
  ticketCounts,
} from './test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const reply = (memberId: string, body: unknown, key?: string) =>
  asMember(t, memberId, 'POST', 'ticket/reply-user', body, key);
const status = async (memberId: string, ticketId: string) =>
  (await asMember(t, memberId, 'GET', `ticket/ticket-msg?ticketId=${ticketId}`)).body.data.ticket
    .status as string;

describe('POST ticket/reply-user', () => {
  it('adds to an open ticket and tells support; an answered ticket opens again', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId, { subject: 'Income missing' });
    t.clock.advance(MINUTE_MS);
    const before = await ticketCounts(t);
    const first = await reply(memberId, { ticketId, message: '  Also the bonus.\nThanks  ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Reply sent' });
    expect(first.body.data).toMatchObject({
      id: ticketId,
      status: 'open',
      lastAuthor: 'member',
      messageCount: 2,
      updatedAt: t.clock.now().toISOString(),
    });
    expect(await ticketCounts(t)).toEqual({
      tickets: before.tickets,
      messages: before.messages + 1,
      operatorNotifications: before.operatorNotifications + 1,
    });
    const [notice] = await queryRows<{ message: string; target_id: string; audience: string }>(
      t.ctx.database.db,
      sql`select message, target_id, audience from operator_notifications order by id desc limit 1`,
    );
    expect(notice).toMatchObject({ audience: 'support', target_id: ticketId });
    expect(notice!.message).toMatch(/^Reply on ticket #\d+ from .+ \(.+\): Income missing$/);

    // Support's feed through the API: the new ticket and the reply, both unread.
    const feed = await asOperator(t, 'support', 'GET', 'notifications?pageSize=2');
    expect(feed.body.data.data).toMatchObject([
      { targetId: ticketId, read: false, message: notice!.message },
      { targetId: ticketId, read: false, message: expect.stringMatching(/^New ticket #\d+ from /) },
    ]);
    expect(feed.body.data.unread).toBe(feed.body.data.total);

    await asOperator(t, 'support', 'POST', `tickets/${ticketId}/answer`, { message: 'Checking' });
    expect(await status(memberId, ticketId)).toBe('answered');
    const reopened = await reply(memberId, { ticketId, message: 'Still missing' });
    expect(reopened.body.data).toMatchObject({
      status: 'open',
      lastAuthor: 'member',
      messageCount: 4,
    });
    const thread = await asMember(t, memberId, 'GET', `ticket/ticket-msg?ticketId=${ticketId}`);
    expect(thread.body.data.messages[1].message).toBe('Also the bonus.\nThanks');
  });

  it('refuses a reply to a closed ticket with a 409, writing nothing', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    await asOperator(t, 'support', 'POST', `tickets/${ticketId}/close`);
    const before = await ticketCounts(t);
    const refused = await reply(memberId, { ticketId, message: 'Hello?' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: 'error', message: TICKET_CLOSED, error: 'CONFLICT' });
    expect(await ticketCounts(t)).toEqual(before);
    expect(await status(memberId, ticketId)).toBe('closed');
  });

  it("answers 404 for another member's ticket and for an unknown or malformed id", async () => {
    const owner = await newMember(t);
    const stranger = await newMember(t);
    const ticketId = await openTicket(t, owner);
    const before = await ticketCounts(t);
    for (const id of [ticketId, crypto.randomUUID(), 'not-a-uuid', '../tickets']) {
      const refused = await reply(stranger, { ticketId: id, message: 'Mine now' });
      expect(refused.status, id).toBe(404);
      expect(refused.body).toMatchObject({ error: 'NOT_FOUND', message: TICKET_NOT_FOUND });
    }
    expect(await ticketCounts(t)).toEqual(before);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['ticketId missing', { ticketId: undefined, message: 'Hi' }, 'ticketId', 'Ticket is required'],
    ['ticketId wrong type', { ticketId: 7, message: 'Hi' }, 'ticketId', 'Ticket is required'],
    ['message missing', {}, 'message', 'Message is required'],
    ['message blank', { message: '   ' }, 'message', 'Message is required'],
    [
      'message too long',
      { message: 'x'.repeat(5001) },
      'message',
      'Message must be at most 5000 characters',
    ],
    ['message wrong type', { message: { text: 'Hi' } }, 'message', 'Message is required'],
    [
      'message control character',
      { message: 'Hi\u0007' },
      'message',
      'Message must not contain control characters',
    ],
  ];
  it.each(invalid)('refuses %s with a 422 naming the field', async (_name, body, field, reason) => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    const answer = await reply(memberId, { ticketId, ...body });
    expect(answer.status).toBe(422);
    expect(fieldErrors(answer.body)).toEqual([{ field, reason }]);
  });

  it('adds one message for a double tap with the same Idempotency-Key', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    const body = { ticketId, message: 'Once' };
    expect((await reply(memberId, body, 'reply-1')).status).toBe(200);
    const again = await reply(memberId, body, 'reply-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    const thread = await asMember(t, memberId, 'GET', `ticket/ticket-msg?ticketId=${ticketId}`);
    expect(thread.body.data.messages).toHaveLength(2);
  });

  it(`stops a thread at ${MAX_TICKET_MESSAGES} messages`, async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    await t.ctx.database.db.execute(sql`
      insert into ticket_messages (ticket_id, author, message, created_at)
      select ${ticketId}::uuid, 'member', 'filler ' || n, ${t.clock.now().toISOString()}::timestamptz
      from generate_series(2, ${MAX_TICKET_MESSAGES}) n`);
    const refused = await reply(memberId, { ticketId, message: 'One more' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TICKET_FULL);
    const thread = await asMember(t, memberId, 'GET', `ticket/ticket-msg?ticketId=${ticketId}`);
    expect(thread.body.data.messages).toHaveLength(MAX_TICKET_MESSAGES);
  });
});
