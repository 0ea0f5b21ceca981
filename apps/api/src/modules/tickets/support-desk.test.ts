import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import {
  ASSIGNEE_NOT_ALLOWED,
  CANNED_REPLY_NOT_FOUND,
  CANNED_REPLY_TITLE_TAKEN,
  CANNED_REPLY_UNCHANGED,
  OPERATOR_ROLE_REFUSED,
  OPERATORS_ONLY,
  TICKET_ALREADY_ASSIGNED,
  TICKET_CLOSED_FOR_ASSIGNMENT,
  TICKET_NOT_ASSIGNED,
  TICKET_NOT_FOUND,
  type OperatorRole,
} from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { tokenOf } from '../../testing/members.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { asMember, asOperator, fieldErrors, newMember, openTicket } from './test-support.ts';

// Support's desk (decision 0056): internal notes the member never sees, assignment of a ticket
// to an operator, and the canned replies support inserts into an answer.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const emailOfRole = (role: OperatorRole) => `${role}@ops.example.com`;
const operatorIdOf = async (role: OperatorRole) => {
  await asOperator(t, role, 'GET', 'auth/me');
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`select id from operators where email = ${emailOfRole(role)}`,
  );
  return row!.id;
};
const auditOf = (targetType: string, id: string) =>
  queryRows<{ action: string; email: string; detail: Record<string, unknown> }>(
    db(),
    sql`select a.action, o.email, a.detail from audit_log a join operators o on o.id = a.operator_id
      where a.target_type = ${targetType} and a.target_id = ${id} order by a.id`,
  );
/** What a member could be told or sent: their notifications and the mails queued for them. */
const memberSide = async (memberId: string) => {
  const [row] = await queryRows<{ notifications: number; mails: number }>(
    db(),
    sql`select (select count(*) from notifications where member_id = ${memberId})::int as notifications,
      (select count(*) from mail_outbox o join members m on m.email = o.recipient
        where m.id = ${memberId})::int as mails`,
  );
  return row!;
};

describe('internal notes', () => {
  it('support adds a note the operators read in the thread and the member never sees', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    const memberBefore = await asMember(
      t,
      memberId,
      'GET',
      `ticket/ticket-msg?ticketId=${ticketId}`,
    );
    const sideBefore = await memberSide(memberId);
    t.clock.advance(MINUTE_MS);

    const text = 'Secret: checked the chain, the deposit\nhas 3 confirmations';
    const added = await asOperator(t, 'support', 'POST', `tickets/${ticketId}/notes`, { text });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Note added');
    expect(added.body.data).toMatchObject({ text, operatorEmail: emailOfRole('support') });

    const thread = await asOperator(t, 'finance', 'GET', `tickets/${ticketId}`);
    expect(thread.body.data.notes).toEqual([added.body.data]);
    expect(thread.body.data.messages).toHaveLength(1);

    // Nothing the member reads, is told or is mailed holds it, and the ticket did not move.
    const memberAfter = await asMember(
      t,
      memberId,
      'GET',
      `ticket/ticket-msg?ticketId=${ticketId}`,
    );
    expect(memberAfter.body).toEqual(memberBefore.body);
    const list = await asMember(t, memberId, 'GET', 'ticket/tickets');
    expect(JSON.stringify(list.body)).not.toContain('Secret');
    const feed = await asMember(t, memberId, 'GET', 'notification');
    expect(JSON.stringify(feed.body)).not.toContain('Secret');
    expect(await memberSide(memberId)).toEqual(sideBefore);
    // A member's token cannot reach the operator thread either.
    const token = await tokenOf(t, memberId);
    const asTheMember = await call(t.app, 'GET', `operator/tickets/${ticketId}`, undefined, {
      token,
    });
    expect(asTheMember.status).toBe(403);
    expect(asTheMember.body.message).toBe(OPERATORS_ONLY);

    expect(await auditOf('ticket', ticketId)).toEqual([
      {
        action: 'ticket.add_note',
        email: emailOfRole('support'),
        detail: expect.not.objectContaining({ text: expect.anything() }),
      },
    ]);
    expect(JSON.stringify(await auditOf('ticket', ticketId))).not.toContain('Secret');
  });

  it('refuses bad text by field, unknown tickets with 404 and finance with 403; notes are append-only', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    const url = `tickets/${ticketId}/notes`;
    for (const [body, reason] of [
      [{}, 'Note is required'],
      [{ text: '   ' }, 'Note is required'],
      [{ text: 'x'.repeat(2001) }, 'Note must be at most 2000 characters'],
      [{ text: 'bell\u0007' }, 'Note must not contain control characters'],
    ] as const) {
      const refused = await asOperator(t, 'support', 'POST', url, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(fieldErrors(refused.body)).toEqual([{ field: 'text', reason }]);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await asOperator(t, 'support', 'POST', `tickets/${id}/notes`, { text: 'x' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(TICKET_NOT_FOUND);
    }
    const finance = await asOperator(t, 'finance', 'POST', url, { text: 'From finance' });
    expect(finance.status).toBe(403);
    expect(finance.body.message).toBe(OPERATOR_ROLE_REFUSED);

    await asOperator(t, 'support', 'POST', `tickets/${ticketId}/close`);
    const afterClose = await asOperator(t, 'admin', 'POST', url, { text: 'Closed: refunded' });
    expect(afterClose.status).toBe(200);
    const thread = await asOperator(t, 'support', 'GET', `tickets/${ticketId}`);
    expect(thread.body.data.notes.map((note: { text: string }) => note.text)).toEqual([
      'Closed: refunded',
    ]);

    const refusal = (statement: SQL) =>
      db()
        .execute(statement)
        .then(
          () => null,
          (caught: unknown) => (caught as { cause?: { code?: string } }).cause?.code,
        );
    expect(await refusal(sql`update ticket_notes set text = 'forged'`)).toBe('42501');
    expect(await refusal(sql`delete from ticket_notes`)).toBe('42501');
  });
});

describe('assignment', () => {
  it('assigns to me and to another who answers, filters the inbox by it, unassigns; audited', async () => {
    const [supportId, adminId, financeId] = await Promise.all([
      operatorIdOf('support'),
      operatorIdOf('admin'),
      operatorIdOf('finance'),
    ]);
    const assignees = await asOperator(t, 'support', 'GET', 'tickets/assignees');
    expect(assignees.status).toBe(200);
    const ids = assignees.body.data.operators.map((row: { id: string }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([supportId, adminId]));
    expect(ids).not.toContain(financeId);

    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId, { subject: 'Assign me' });
    const before = await asOperator(t, 'support', 'GET', `tickets/${ticketId}`);
    expect(before.body.data.ticket.assignee).toBeNull();
    const inbox = async (role: OperatorRole, assigned: string) => {
      const page = await asOperator(t, role, 'GET', `tickets?assigned=${assigned}&pageSize=100`);
      expect(page.status).toBe(200);
      return page.body.data.data.map((row: { id: string }) => row.id) as string[];
    };
    expect(await inbox('support', 'none')).toContain(ticketId);

    const mine = await asOperator(t, 'support', 'POST', `tickets/${ticketId}/assign`, {
      operatorId: supportId,
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      message: `Assigned to ${emailOfRole('support')}`,
      data: { assignee: { id: supportId, email: emailOfRole('support') } },
    });
    expect(await inbox('support', 'me')).toContain(ticketId);
    expect(await inbox('support', 'none')).not.toContain(ticketId);
    expect(await inbox('admin', 'me')).not.toContain(ticketId);
    const listed = await asOperator(t, 'finance', 'GET', 'tickets?pageSize=100');
    expect(
      listed.body.data.data.find((row: { id: string }) => row.id === ticketId).assignee,
    ).toEqual({ id: supportId, email: emailOfRole('support') });

    const again = await asOperator(t, 'support', 'POST', `tickets/${ticketId}/assign`, {
      operatorId: supportId,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TICKET_ALREADY_ASSIGNED);

    const toAdmin = await asOperator(t, 'support', 'POST', `tickets/${ticketId}/assign`, {
      operatorId: adminId,
    });
    expect(toAdmin.body.data.assignee.id).toBe(adminId);
    expect(await inbox('admin', 'me')).toContain(ticketId);

    const released = await asOperator(t, 'admin', 'POST', `tickets/${ticketId}/assign`, {
      operatorId: null,
    });
    expect(released.body).toMatchObject({ message: 'Unassigned', data: { assignee: null } });
    const twice = await asOperator(t, 'admin', 'POST', `tickets/${ticketId}/assign`, {
      operatorId: null,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(TICKET_NOT_ASSIGNED);

    expect(
      (await auditOf('ticket', ticketId)).map(({ action, detail }) => [action, detail]),
    ).toEqual([
      [
        'ticket.assign',
        expect.objectContaining({
          before: { assignee: null },
          after: { assignee: emailOfRole('support') },
        }),
      ],
      [
        'ticket.assign',
        expect.objectContaining({
          before: { assignee: emailOfRole('support') },
          after: { assignee: emailOfRole('admin') },
        }),
      ],
      [
        'ticket.unassign',
        expect.objectContaining({
          before: { assignee: emailOfRole('admin') },
          after: { assignee: null },
        }),
      ],
    ]);

    // The member's views never carry it, and its updatedAt did not move.
    const seen = await asMember(t, memberId, 'GET', `ticket/ticket-msg?ticketId=${ticketId}`);
    expect(seen.body.data.ticket).not.toHaveProperty('assignee');
    expect(seen.body.data.ticket.updatedAt).toBe(before.body.data.ticket.updatedAt);
  });

  it('refuses an operator who cannot answer by field, a closed ticket with 409 and finance with 403', async () => {
    const financeId = await operatorIdOf('finance');
    const supportId = await operatorIdOf('support');
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    const url = `tickets/${ticketId}/assign`;
    for (const [body, reason] of [
      [{}, 'Operator is required'],
      [{ operatorId: 'someone' }, 'Enter valid Operator.'],
      [{ operatorId: financeId }, ASSIGNEE_NOT_ALLOWED],
      [{ operatorId: '00000000-0000-4000-8000-000000000000' }, ASSIGNEE_NOT_ALLOWED],
    ] as const) {
      const refused = await asOperator(t, 'support', 'POST', url, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(fieldErrors(refused.body)).toEqual([{ field: 'operatorId', reason }]);
    }
    const bad = await asOperator(t, 'support', 'GET', 'tickets?assigned=someone');
    expect(bad.status).toBe(422);
    expect(fieldErrors(bad.body)).toEqual([
      { field: 'assigned', reason: 'assigned must be me or none' },
    ]);

    const finance = await asOperator(t, 'finance', 'POST', url, { operatorId: supportId });
    expect(finance.status).toBe(403);
    expect((await asOperator(t, 'finance', 'GET', 'tickets/assignees')).status).toBe(403);
    const missing = await asOperator(t, 'support', 'POST', 'tickets/not-an-id/assign', {
      operatorId: supportId,
    });
    expect(missing.status).toBe(404);

    await asOperator(t, 'support', 'POST', `tickets/${ticketId}/close`);
    const closed = await asOperator(t, 'support', 'POST', url, { operatorId: supportId });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(TICKET_CLOSED_FOR_ASSIGNMENT);
    expect(await auditOf('ticket', ticketId)).toMatchObject([{ action: 'ticket.close' }]);
  });
});

describe('canned replies', () => {
  it('support adds, lists by title, changes and removes them, each audited', async () => {
    const add = (title: string, text: string) =>
      asOperator(t, 'support', 'POST', 'tickets/canned-replies', { title, text });
    const zebra = await add('Zebra: deposit credited', 'Your deposit is credited.\nThank you.');
    expect(zebra.status).toBe(200);
    expect(zebra.body.data).toMatchObject({
      title: 'Zebra: deposit credited',
      text: 'Your deposit is credited.\nThank you.',
      updatedByEmail: emailOfRole('support'),
    });
    const apple = await add('apple: withdrawal times', 'Withdrawals are paid within a day.');
    expect(apple.status).toBe(200);

    const listed = await asOperator(t, 'admin', 'GET', 'tickets/canned-replies');
    expect(listed.status).toBe(200);
    const titles = listed.body.data.replies.map((reply: { title: string }) => reply.title);
    expect(titles.indexOf('apple: withdrawal times')).toBeLessThan(
      titles.indexOf('Zebra: deposit credited'),
    );

    const id = zebra.body.data.id as string;
    const changed = await asOperator(t, 'admin', 'PATCH', `tickets/canned-replies/${id}`, {
      title: 'Zebra: deposit credited',
      text: 'Your deposit is credited now.',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      text: 'Your deposit is credited now.',
      updatedByEmail: emailOfRole('admin'),
    });
    const same = await asOperator(t, 'admin', 'PATCH', `tickets/canned-replies/${id}`, {
      title: 'Zebra: deposit credited',
      text: 'Your deposit is credited now.',
    });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(CANNED_REPLY_UNCHANGED);

    const removed = await asOperator(t, 'support', 'DELETE', `tickets/canned-replies/${id}`);
    expect(removed.status).toBe(200);
    const gone = await asOperator(t, 'support', 'DELETE', `tickets/canned-replies/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(CANNED_REPLY_NOT_FOUND);

    expect(
      (await auditOf('canned_reply', id)).map(({ action, detail }) => [action, detail]),
    ).toEqual([
      ['ticket.canned_reply.create', expect.objectContaining({ title: 'Zebra: deposit credited' })],
      ['ticket.canned_reply.update', expect.objectContaining({ textChanged: true })],
      ['ticket.canned_reply.delete', expect.objectContaining({ title: 'Zebra: deposit credited' })],
    ]);
  });

  it('refuses bad input by field, a title taken in any case, and roles outside the map', async () => {
    const first = await asOperator(t, 'support', 'POST', 'tickets/canned-replies', {
      title: 'Password reset',
      text: 'Use Forgot password on the sign-in page.',
    });
    expect(first.status).toBe(200);
    for (const [body, field, reason] of [
      [{ text: 'x' }, 'title', 'Title is required'],
      [{ title: 'x'.repeat(81), text: 'x' }, 'title', 'Title must be at most 80 characters'],
      [{ title: 'Fine', text: '' }, 'text', 'Text is required'],
      [{ title: 'Fine', text: 'x'.repeat(5001) }, 'text', 'Text must be at most 5000 characters'],
      [{ title: 'PASSWORD RESET', text: 'Another' }, 'title', CANNED_REPLY_TITLE_TAKEN],
    ] as const) {
      const refused = await asOperator(t, 'support', 'POST', 'tickets/canned-replies', body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(fieldErrors(refused.body)).toEqual([{ field, reason }]);
    }
    const second = await asOperator(t, 'support', 'POST', 'tickets/canned-replies', {
      title: 'Second',
      text: 'Second text',
    });
    const renamed = await asOperator(
      t,
      'support',
      'PATCH',
      `tickets/canned-replies/${second.body.data.id}`,
      { title: 'password reset', text: 'Second text' },
    );
    expect(renamed.status).toBe(422);
    expect(fieldErrors(renamed.body)).toEqual([
      { field: 'title', reason: CANNED_REPLY_TITLE_TAKEN },
    ]);

    for (const [method, url, body] of [
      ['GET', 'tickets/canned-replies', undefined],
      ['POST', 'tickets/canned-replies', { title: 'From finance', text: 'x' }],
      ['PATCH', `tickets/canned-replies/${first.body.data.id}`, { title: 'F', text: 'x' }],
      ['DELETE', `tickets/canned-replies/${first.body.data.id}`, undefined],
    ] as const) {
      const refused = await asOperator(t, 'finance', method, url, body);
      expect(refused.status, `${method} ${url}`).toBe(403);
    }
    const unknown = await asOperator(t, 'support', 'PATCH', 'tickets/canned-replies/nope', {
      title: 'x',
      text: 'x',
    });
    expect(unknown.status).toBe(404);
  });
});
