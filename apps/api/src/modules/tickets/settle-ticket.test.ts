import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  OPERATOR_ROLE_REFUSED,
  OPERATORS_ONLY,
  TICKET_ALREADY_CLOSED,
  TICKET_CLOSED_FOR_ANSWERS,
  TICKET_NOT_FOUND,
} from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call } from '../../testing/requests.ts';
import { tokenOf } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  asMember,
  asOperator,
  emailOf,
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

const db = () => t.ctx.database.db;
const auditOf = (id: string) =>
  queryRows<{ action: string; email: string; detail: Record<string, unknown>; ip: string }>(
    db(),
    sql`select a.action, o.email, a.detail, a.ip from audit_log a join operators o on o.id = a.operator_id
      where a.target_type = 'ticket' and a.target_id = ${id} order by a.id`,
  );
const memberNotifications = (memberId: string) =>
  queryRows<{ message: string; kind: string; link: string }>(
    db(),
    sql`select message, kind, link from notifications where member_id = ${memberId} order by created_at, id`,
  );
const memberRow = async (memberId: string) => {
  const [row] = await queryRows<{ name: string; referralCode: string }>(
    db(),
    sql`select name, referral_code as "referralCode" from members where id = ${memberId}`,
  );
  return { id: memberId, ...row! };
};

describe('GET operator/tickets', () => {
  it('lists open tickets longest waiting first with the member; other filters newest first', async () => {
    const memberId = await newMember(t);
    const waitingLong = await openTicket(t, memberId, { subject: 'Waiting long' });
    t.clock.advance(MINUTE_MS);
    const waitingLess = await openTicket(t, memberId, { subject: 'Waiting less' });
    t.clock.advance(MINUTE_MS);
    const answeredOne = await openTicket(t, memberId, { subject: 'Answered' });
    await asOperator(t, 'support', 'POST', `tickets/${answeredOne}/answer`, { message: 'Done' });

    const open = await asOperator(t, 'support', 'GET', 'tickets?status=open&pageSize=100');
    expect(open.status).toBe(200);
    const openIds = open.body.data.data.map((row: { id: string }) => row.id);
    expect(openIds.indexOf(waitingLong)).toBeLessThan(openIds.indexOf(waitingLess));
    expect(openIds).not.toContain(answeredOne);
    const row = open.body.data.data.find((ticket: { id: string }) => ticket.id === waitingLong);
    expect(row).toMatchObject({
      subject: 'Waiting long',
      status: 'open',
      messageCount: 1,
      member: await memberRow(memberId),
    });

    const all = await asOperator(t, 'finance', 'GET', 'tickets');
    expect(all.status).toBe(200);
    expect(all.body.data.data[0].id).toBe(answeredOne);
    const bad = await asOperator(t, 'support', 'GET', 'tickets?status=waiting');
    expect(bad.status).toBe(422);
    expect(fieldErrors(bad.body)).toEqual([{ field: 'status', reason: 'Enter valid Status.' }]);
  });

  it('sorts by last activity as asked, oldest or newest first, within a status', async () => {
    const memberId = await newMember(t);
    const first = await openTicket(t, memberId, { subject: 'Answered first' });
    t.clock.advance(MINUTE_MS);
    const second = await openTicket(t, memberId, { subject: 'Answered second' });
    t.clock.advance(MINUTE_MS);
    await asOperator(t, 'support', 'POST', `tickets/${second}/answer`, { message: 'One' });
    t.clock.advance(MINUTE_MS);
    await asOperator(t, 'support', 'POST', `tickets/${first}/answer`, { message: 'Two' });
    const order = async (query: string) => {
      const page = await asOperator(t, 'support', 'GET', `tickets?pageSize=100&${query}`);
      expect(page.status).toBe(200);
      return page.body.data.data
        .map((row: { id: string }) => row.id)
        .filter((id: string) => id === first || id === second);
    };
    expect(await order('status=answered')).toEqual([first, second]);
    expect(await order('status=answered&sort=oldest')).toEqual([second, first]);
    expect(await order('status=answered&sort=newest')).toEqual([first, second]);
    expect(await order('sort=oldest')).toEqual([second, first]);
    const bad = await asOperator(t, 'support', 'GET', 'tickets?sort=age');
    expect(bad.status).toBe(422);
    expect(fieldErrors(bad.body)).toEqual([
      { field: 'sort', reason: 'sort must be oldest or newest' },
    ]);
  });
});

describe('GET operator/tickets/{id}', () => {
  it('returns any ticket, its member and the thread with who answered; unknown ids 404', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId, { message: '<b>Hi</b>' });
    await asOperator(t, 'support', 'POST', `tickets/${ticketId}/answer`, { message: 'Hello' });
    for (const role of ['support', 'finance', 'admin'] as const) {
      const thread = await asOperator(t, role, 'GET', `tickets/${ticketId}`);
      expect(thread.status, role).toBe(200);
      expect(thread.body.data.ticket).toMatchObject({
        id: ticketId,
        member: await memberRow(memberId),
      });
      expect(thread.body.data.messages).toMatchObject([
        { from: 'member', message: '<b>Hi</b>', operatorEmail: null },
        { from: 'operator', message: 'Hello', operatorEmail: 'support@ops.example.com' },
      ]);
    }
    for (const id of [crypto.randomUUID(), 'nope']) {
      const missing = await asOperator(t, 'support', 'GET', `tickets/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(TICKET_NOT_FOUND);
    }
  });
});

describe('POST operator/tickets/{id}/answer', () => {
  it('answers, tells the member in the app and by mail, and writes the audit log', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId, { subject: 'Where is my deposit' });
    t.clock.advance(MINUTE_MS);
    const answer = await asOperator(t, 'support', 'POST', `tickets/${ticketId}/answer`, {
      message: '  It is credited now.\nSorry for the wait.  ',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: 'Answer sent' });
    const ticket = answer.body.data;
    expect(ticket).toMatchObject({
      id: ticketId,
      status: 'answered',
      lastAuthor: 'operator',
      messageCount: 2,
      updatedAt: t.clock.now().toISOString(),
    });
    const thread = await asMember(t, memberId, 'GET', `ticket/ticket-msg?ticketId=${ticketId}`);
    expect(thread.body.data.messages[1]).toMatchObject({
      from: 'operator',
      message: 'It is credited now.\nSorry for the wait.',
    });

    expect(await memberNotifications(memberId)).toEqual([
      {
        message: `Support answered your ticket #${ticket.number as number}: Where is my deposit`,
        kind: 'ticket',
        link: `/query?ticket=${ticketId}`,
      },
    ]);
    const feed = await asMember(t, memberId, 'GET', 'notification');
    expect(feed.body.data.data[0]).toMatchObject({
      kind: 'ticket',
      link: `/query?ticket=${ticketId}`,
      read: false,
    });

    const email = await emailOf(t, memberId);
    const mail = await t.smtp.waitFor(
      (candidate) =>
        candidate.to.includes(email) && candidate.subject.startsWith('Support answered'),
    );
    expect(mail.subject).toBe(`Support answered your ticket #${ticket.number as number}`);
    expect(mail.text).toContain(`Ticket #${ticket.number as number}: Where is my deposit`);
    expect(mail.text).toContain(`${t.ctx.config.publicUrl}/query?ticket=${ticketId}`);
    expect(mail.text).not.toContain('credited now'); // the conversation stays in the app

    const audit = await auditOf(ticketId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'ticket.answer',
      email: 'support@ops.example.com',
      ip: '127.0.0.1',
      detail: { memberId, number: ticket.number, role: 'support', length: 39 },
    });
  });

  it('refuses a closed ticket (409), an unknown one (404) and a bad message (422)', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    await asOperator(t, 'support', 'POST', `tickets/${ticketId}/close`);
    const closed = await asOperator(t, 'support', 'POST', `tickets/${ticketId}/answer`, {
      message: 'Late',
    });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(TICKET_CLOSED_FOR_ANSWERS);
    const unknown = await asOperator(
      t,
      'support',
      'POST',
      `tickets/${crypto.randomUUID()}/answer`,
      {
        message: 'Hi',
      },
    );
    expect(unknown.status).toBe(404);
    const open = await openTicket(t, await newMember(t));
    for (const [body, reason] of [
      [{}, 'Message is required'],
      [{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
    ] as const) {
      const bad = await asOperator(t, 'support', 'POST', `tickets/${open}/answer`, body);
      expect(bad.status).toBe(422);
      expect(fieldErrors(bad.body)).toEqual([{ field: 'message', reason }]);
    }
  });
});

describe('POST operator/tickets/{id}/close', () => {
  it('closes, tells the member in the app and by mail, audits; a second close is a 409', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId, { subject: 'Thanks all good' });
    t.clock.advance(MINUTE_MS);
    const closed = await asOperator(t, 'admin', 'POST', `tickets/${ticketId}/close`);
    expect(closed.status).toBe(200);
    const now = t.clock.now().toISOString();
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      closedAt: now,
      updatedAt: now,
      messageCount: 1,
    });
    expect(await memberNotifications(memberId)).toEqual([
      {
        message: `Your ticket #${closed.body.data.number as number} was closed: Thanks all good`,
        kind: 'ticket',
        link: `/query?ticket=${ticketId}`,
      },
    ]);
    const email = await emailOf(t, memberId);
    const mail = await t.smtp.waitFor(
      (candidate) =>
        candidate.to.includes(email) &&
        candidate.subject.startsWith('Your support ticket was closed'),
    );
    expect(mail.text).toContain('open a new ticket');
    expect(await auditOf(ticketId)).toMatchObject([
      {
        action: 'ticket.close',
        email: 'admin@ops.example.com',
        detail: { previousStatus: 'open', role: 'admin' },
      },
    ]);

    const again = await asOperator(t, 'support', 'POST', `tickets/${ticketId}/close`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TICKET_ALREADY_CLOSED);
    expect(await auditOf(ticketId)).toHaveLength(1);
  });
});

describe('the order of a thread', () => {
  it('keeps the order written when messages and the close share a millisecond', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId, { message: 'First' });
    await asMember(t, memberId, 'POST', 'ticket/reply-user', { ticketId, message: 'Second' });
    await asOperator(t, 'support', 'POST', `tickets/${ticketId}/answer`, { message: 'Third' });
    await asOperator(t, 'support', 'POST', `tickets/${ticketId}/close`);
    const thread = await asMember(t, memberId, 'GET', `ticket/ticket-msg?ticketId=${ticketId}`);
    const messages = thread.body.data.messages as Array<{ message: string; createdAt: string }>;
    expect(messages.map((m) => m.message)).toEqual(['First', 'Second', 'Third']);
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(3);
    expect(Date.parse(thread.body.data.ticket.closedAt)).toBe(times[2]);
  });
});

describe('roles', () => {
  it('finance reads but may not answer or close (403, nothing written); a member token is refused', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    const before = await ticketCounts(t);
    for (const [url, body] of [
      [`tickets/${ticketId}/answer`, { message: 'From finance' }],
      [`tickets/${ticketId}/close`, undefined],
    ] as const) {
      const refused = await asOperator(t, 'finance', 'POST', url, body);
      expect(refused.status, url).toBe(403);
      expect(refused.body).toEqual({
        status: 'error',
        message: OPERATOR_ROLE_REFUSED,
        error: 'FORBIDDEN',
      });
    }
    expect(await ticketCounts(t)).toEqual(before);
    expect(await auditOf(ticketId)).toEqual([]);

    const token = await tokenOf(t, memberId);
    for (const [method, url] of [
      ['GET', 'operator/tickets'],
      ['GET', `operator/tickets/${ticketId}`],
      ['POST', `operator/tickets/${ticketId}/answer`],
      ['POST', `operator/tickets/${ticketId}/close`],
      ['GET', 'operator/notifications'],
      ['POST', 'operator/notifications/read'],
    ] as const) {
      const refused = await call(
        t.app,
        method,
        url,
        method === 'POST' ? { message: 'x' } : undefined,
        { token },
      );
      expect(refused.status, url).toBe(403);
      expect(refused.body.message).toBe(OPERATORS_ONLY);
    }
    expect(await memberNotifications(memberId)).toEqual([]);
  });
});
