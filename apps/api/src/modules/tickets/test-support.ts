// Helpers for the tickets suites (imported by tests only): members, operators of each role and
// the requests of the flow.
import { sql } from 'drizzle-orm';
import type { CreateTicketBody, OperatorRole, ValidationErrorEnvelope } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { api, fundedMember } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call } from '../../testing/requests.ts';
import type { TestApp } from '../../testing/test-app.ts';

export { emailOf } from '../../testing/members.ts';

export const newMember = (t: TestApp) => fundedMember(t, 0n);

export const asMember = (
  t: TestApp,
  memberId: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  key?: string,
) => api(t, memberId, method, url, body, key ? { 'idempotency-key': key } : {});

/** Sessions end as the clock moves, so each call signs in at the clock's now. */
export const asOperator = async (
  t: TestApp,
  role: OperatorRole,
  method: Parameters<typeof call>[1],
  url: string,
  body?: unknown,
) =>
  call(t.app, method, `operator/${url}`, body, {
    token: await signInOperator(t, `${role}@ops.example.com`, role),
  });

/** Opens a ticket through the API and returns its id. */
export async function openTicket(
  t: TestApp,
  memberId: string,
  body: Partial<CreateTicketBody> = {},
): Promise<string> {
  const answer = await asMember(t, memberId, 'POST', 'ticket/create', {
    subject: 'Deposit not credited',
    message: 'I sent 100 USDT an hour ago.',
    ...body,
  });
  if (answer.status !== 200) throw new Error(`ticket/create: ${JSON.stringify(answer.body)}`);
  return answer.body.data.id as string;
}

/** The validation results of a 422 envelope. */
export const fieldErrors = (body: Record<string, unknown>) =>
  (body as ValidationErrorEnvelope).message[0].validation_results;

/** Rows written for a ticket: messages, member notifications and support's notifications. */
export async function ticketCounts(t: TestApp) {
  const [row] = await queryRows<{
    tickets: number;
    messages: number;
    operatorNotifications: number;
  }>(
    t.ctx.database.db,
    sql`select (select count(*) from tickets)::int as tickets,
      (select count(*) from ticket_messages)::int as messages,
      (select count(*) from operator_notifications)::int as "operatorNotifications"`,
  );
  if (!row) throw new Error('counts returned nothing');
  return row;
}
