import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_UNRESOLVED_TICKETS, TICKET_NOT_FOUND, TOO_MANY_TICKETS } from '@app/contracts';
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

const create = (memberId: string, body: unknown, key?: string) =>
  asMember(t, memberId, 'POST', 'ticket/create', body, key);
const ids = (body: Record<string, any>) => body.data.data.map((row: { id: string }) => row.id);

describe('POST ticket/create', () => {
  it('opens a ticket with its first message (category other by default) and tells support once', async () => {
    const memberId = await newMember(t);
    const before = await ticketCounts(t);
    const answer = await create(memberId, {
      subject: '  Deposit not credited  ',
      message: 'I sent 100 USDT an hour ago.',
    });
    expect(answer.status).toBe(200);
    const ticket = answer.body.data;
    expect(answer.body.message).toBe(`Ticket #${ticket.number as number} created`);
    expect(ticket).toMatchObject({
      subject: 'Deposit not credited',
      category: 'other',
      status: 'open',
      lastAuthor: 'member',
      messageCount: 1,
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
      closedAt: null,
    });
    expect(Number.isInteger(ticket.number)).toBe(true);
    expect(await ticketCounts(t)).toEqual({
      tickets: before.tickets + 1,
      messages: before.messages + 1,
      operatorNotifications: before.operatorNotifications + 1,
    });
    const [notice] = await queryRows<Record<string, string>>(
      t.ctx.database.db,
      sql`select n.audience, n.message, n.target_type, n.target_id, m.name, m.referral_code
        from operator_notifications n, members m where m.id = ${memberId} order by n.id desc limit 1`,
    );
    expect(notice).toMatchObject({
      audience: 'support',
      target_type: 'ticket',
      target_id: ticket.id,
      message: `New ticket #${ticket.number as number} from ${notice!.name} (${notice!.referral_code}): Deposit not credited`,
    });

    const withdrawal = await create(memberId, {
      subject: 'Withdrawal',
      message: 'When?',
      category: 'withdrawal',
    });
    expect(withdrawal.body.data.category).toBe('withdrawal');
  });

  it('stores and returns script and HTML exactly as typed, line breaks kept, ends trimmed', async () => {
    const memberId = await newMember(t);
    const subject = '<script>alert("x")</script>';
    const message = '<img src=x onerror="alert(1)">\n<b>bold</b> &amp; "quoted"\n\n\tindented';
    const answer = await create(memberId, { subject, message: `\n  ${message}  \n` });
    expect(answer.status).toBe(200);
    expect(answer.body.data.subject).toBe(subject);
    const thread = await asMember(
      t,
      memberId,
      'GET',
      `ticket/ticket-msg?ticketId=${answer.body.data.id as string}`,
    );
    expect(thread.body.data.ticket.subject).toBe(subject);
    expect(thread.body.data.messages).toEqual([
      { id: expect.any(String), from: 'member', message, createdAt: expect.any(String) },
    ]);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['subject missing', { message: 'Help' }, 'subject', 'Subject is required'],
    ['subject blank', { subject: '   ', message: 'Help' }, 'subject', 'Subject is required'],
    [
      'subject too short',
      { subject: 'ab', message: 'Help' },
      'subject',
      'Subject must be at least 3 characters',
    ],
    [
      'subject too long',
      { subject: 'x'.repeat(121), message: 'Help' },
      'subject',
      'Subject must be at most 120 characters',
    ],
    ['subject wrong type', { subject: 42, message: 'Help' }, 'subject', 'Subject is required'],
    [
      'subject control character',
      { subject: 'Help\u0000me', message: 'Help' },
      'subject',
      'Subject must not contain control characters',
    ],
    ['message missing', { subject: 'Help me' }, 'message', 'Message is required'],
    ['message blank', { subject: 'Help me', message: ' \n ' }, 'message', 'Message is required'],
    [
      'message too long',
      { subject: 'Help me', message: 'x'.repeat(5001) },
      'message',
      'Message must be at most 5000 characters',
    ],
    [
      'message wrong type',
      { subject: 'Help me', message: ['Help'] },
      'message',
      'Message is required',
    ],
    [
      'category unknown',
      { subject: 'Help me', message: 'Help', category: 'billing' },
      'category',
      'Enter valid Category.',
    ],
    [
      'category wrong type',
      { subject: 'Help me', message: 'Help', category: 3 },
      'category',
      'Enter valid Category.',
    ],
  ];
  it.each(invalid)(
    'refuses %s with a 422 naming the field, writing nothing',
    async (_name, body, field, reason) => {
      const memberId = await newMember(t);
      const before = await ticketCounts(t);
      const answer = await create(memberId, body);
      expect(answer.status).toBe(422);
      expect(fieldErrors(answer.body)).toEqual([{ field, reason }]);
      expect(await ticketCounts(t)).toEqual(before);
    },
  );

  it('takes the longest subject and message the limits allow', async () => {
    const memberId = await newMember(t);
    const answer = await create(memberId, { subject: 's'.repeat(120), message: 'm'.repeat(5000) });
    expect(answer.status).toBe(200);
    expect(answer.body.data.subject).toHaveLength(120);
  });

  it('creates one ticket for a double tap with the same Idempotency-Key', async () => {
    const memberId = await newMember(t);
    const body = { subject: 'Double tap', message: 'Once please' };
    const before = await ticketCounts(t);
    const first = await create(memberId, body, 'tap-1');
    const again = await create(memberId, body, 'tap-1');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await ticketCounts(t)).tickets).toBe(before.tickets + 1);
    const reused = await create(memberId, { ...body, message: 'Other' }, 'tap-1');
    expect(reused.status).toBe(409);
  });

  it(`refuses a ticket beyond ${MAX_UNRESOLVED_TICKETS} waiting ones until support closes one`, async () => {
    const memberId = await newMember(t);
    const opened: string[] = [];
    for (let i = 0; i < MAX_UNRESOLVED_TICKETS; i += 1)
      opened.push(await openTicket(t, memberId, { subject: `Question ${i}` }));
    const refused = await create(memberId, { subject: 'One more', message: 'Hello' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'CONFLICT', message: TOO_MANY_TICKETS });

    // Answered tickets still wait (for the member); a closed one frees a place.
    expect(
      (await asOperator(t, 'support', 'POST', `tickets/${opened[0]!}/answer`, { message: 'Hi' }))
        .status,
    ).toBe(200);
    expect((await create(memberId, { subject: 'One more', message: 'Hello' })).status).toBe(409);
    expect((await asOperator(t, 'support', 'POST', `tickets/${opened[0]!}/close`)).status).toBe(
      200,
    );
    expect((await create(memberId, { subject: 'One more', message: 'Hello' })).status).toBe(200);
  });
});

describe('GET ticket/tickets', () => {
  it("lists only the member's own tickets, newest activity first, filtered by status and paged", async () => {
    const memberId = await newMember(t);
    const stranger = await newMember(t);
    const first = await openTicket(t, memberId, { subject: 'First' });
    t.clock.advance(MINUTE_MS);
    const second = await openTicket(t, memberId, { subject: 'Second' });
    t.clock.advance(MINUTE_MS);
    const strangers = await openTicket(t, stranger);
    t.clock.advance(MINUTE_MS);
    // A reply is activity: the first ticket moves to the top.
    await asMember(t, memberId, 'POST', 'ticket/reply-user', {
      ticketId: first,
      message: 'Any news?',
    });

    const all = await asMember(t, memberId, 'GET', 'ticket/tickets');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(ids(all.body)).toEqual([first, second]);
    expect(ids(all.body)).not.toContain(strangers);
    expect(all.body.data.data[0]).toMatchObject({
      messageCount: 2,
      updatedAt: t.clock.now().toISOString(),
    });

    t.clock.advance(MINUTE_MS);
    await asOperator(t, 'support', 'POST', `tickets/${second}/answer`, { message: 'Done' });
    const answered = await asMember(t, memberId, 'GET', 'ticket/tickets?status=answered');
    expect(ids(answered.body)).toEqual([second]);
    const paged = await asMember(t, memberId, 'GET', 'ticket/tickets?page=2&pageSize=1');
    expect(paged.body.data).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(ids(paged.body)).toEqual([first]); // the answer made the second the newest activity

    const bad = await asMember(t, memberId, 'GET', 'ticket/tickets?status=pending');
    expect(bad.status).toBe(422);
    expect(fieldErrors(bad.body)).toEqual([{ field: 'status', reason: 'Enter valid Status.' }]);
  });

  it('answers an empty page to a member without tickets', async () => {
    const answer = await asMember(t, await newMember(t), 'GET', 'ticket/tickets');
    expect(answer.body.data).toEqual({ data: [], page: 1, pageSize: 20, total: 0 });
  });
});

describe('GET ticket/ticket-msg', () => {
  it('returns the ticket and its thread oldest first; any other ticket id answers 404', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId, { message: 'First words' });
    t.clock.advance(MINUTE_MS);
    await asOperator(t, 'support', 'POST', `tickets/${ticketId}/answer`, { message: 'An answer' });
    t.clock.advance(MINUTE_MS);
    await asMember(t, memberId, 'POST', 'ticket/reply-user', { ticketId, message: 'Thanks' });

    const thread = await asMember(t, memberId, 'GET', `ticket/ticket-msg?ticketId=${ticketId}`);
    expect(thread.status).toBe(200);
    expect(thread.body.data.ticket).toMatchObject({
      id: ticketId,
      status: 'open',
      messageCount: 3,
    });
    expect(
      thread.body.data.messages.map((m: { from: string; message: string }) => [m.from, m.message]),
    ).toEqual([
      ['member', 'First words'],
      ['operator', 'An answer'],
      ['member', 'Thanks'],
    ]);
    expect(Object.keys(thread.body.data.messages[1]).sort()).toEqual([
      'createdAt',
      'from',
      'id',
      'message',
    ]);

    const stranger = await newMember(t);
    for (const id of [ticketId, crypto.randomUUID(), 'not-a-uuid', "1' or '1'='1"]) {
      const refused = await asMember(
        t,
        stranger,
        'GET',
        `ticket/ticket-msg?ticketId=${encodeURIComponent(id)}`,
      );
      expect(refused.status, id).toBe(404);
      expect(refused.body).toMatchObject({ error: 'NOT_FOUND', message: TICKET_NOT_FOUND });
    }
    const missing = await asMember(t, memberId, 'GET', 'ticket/ticket-msg');
    expect(missing.status).toBe(422);
    expect(fieldErrors(missing.body)).toEqual([
      { field: 'ticketId', reason: 'Ticket is required' },
    ]);
  });
});
