import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_UNRESOLVED_TICKETS, TICKET_CLOSED } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { testDatabaseUrl } from '../../testing/database.ts';
import { tallyAnswers } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { asMember, asOperator, newMember, openTicket } from './test-support.ts';

// Tickets on a real PostgreSQL server, where requests really run at the same time on separate
// connections (PGlite has one connection and serialises everything).

let t: TestApp;

describe.skipIf(!testDatabaseUrl)('tickets under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres' });
  });
  afterAll(() => t?.close());

  it('of simultaneous creates for the last free place, exactly one gets it', async () => {
    const memberId = await newMember(t);
    for (let i = 1; i < MAX_UNRESOLVED_TICKETS; i += 1) await openTicket(t, memberId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        asMember(t, memberId, 'POST', 'ticket/create', {
          subject: `Race ${i}`,
          message: 'At the same time',
        }),
      ),
    );
    expect(tallyAnswers(answers)).toEqual({ '200': 1, '409 CONFLICT': 5 });
    const [row] = await queryRows<{ waiting: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as waiting from tickets
        where member_id = ${memberId} and status in ('open', 'answered')`,
    );
    expect(row?.waiting).toBe(MAX_UNRESOLVED_TICKETS);
  });

  it('a reply racing a close either lands before it or is refused, never after it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const memberId = await newMember(t);
      const ticketId = await openTicket(t, memberId);
      const [reply, close] = await Promise.all([
        asMember(t, memberId, 'POST', 'ticket/reply-user', { ticketId, message: 'Wait!' }),
        asOperator(t, 'support', 'POST', `tickets/${ticketId}/close`),
      ]);
      expect(close.status).toBe(200);
      if (reply.status !== 200) expect(reply.body.message).toBe(TICKET_CLOSED);
      const [row] = await queryRows<{ messages: number; late: number }>(
        t.ctx.database.db,
        sql`select count(*)::int as messages,
            count(*) filter (where m.created_at > t.closed_at)::int as late
          from ticket_messages m join tickets t on t.id = m.ticket_id where t.id = ${ticketId}`,
      );
      expect(row).toEqual({ messages: reply.status === 200 ? 2 : 1, late: 0 });
    }
  });
});
