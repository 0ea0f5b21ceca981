import { eq } from 'drizzle-orm';
import {
  TICKET_ALREADY_CLOSED,
  TICKET_CLOSED_FOR_ANSWERS,
  ticketLink,
  type TicketView,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { tickets } from '../../db/schema/support.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { notifyMember } from '../../core/notifications.ts';
import { recordOperatorAction, type OperatorActor } from '../../core/audit.ts';
import { appendMessage, changeInstant, lockTicket, threadState, type TicketRow } from './thread.ts';
import { toTicketView } from './views.ts';

// What support does to a ticket: answer it or close it. Each locks the ticket, tells the member
// in the app (same transaction) and writes the audit log; the caller mails the member after
// the commit, to the address returned here.

export type { OperatorActor };
export type SettledTicket = { ticket: TicketView; memberEmail: string };

async function memberEmailOf(tx: Tx, memberId: string): Promise<string> {
  const [member] = await tx
    .select({ email: members.email })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw new Error(`member ${memberId} of a ticket does not exist`);
  return member.email;
}

/** An operator's answer: the ticket waits for the member now (answered). */
export async function answerTicket(
  db: Db,
  input: { id: string; message: string; actor: OperatorActor },
  now: Date,
): Promise<SettledTicket> {
  return withTransaction(db, async (tx) => {
    const ticket = await lockTicket(tx, input.id);
    if (ticket.status === 'closed') throw new AppError('CONFLICT', TICKET_CLOSED_FOR_ANSWERS);
    const answered = await appendMessage(
      tx,
      ticket,
      {
        author: 'operator',
        operatorId: input.actor.operatorId,
        message: input.message,
        status: 'answered',
      },
      now,
    );
    await notifyMember(
      tx,
      ticket.memberId,
      `Support answered your ticket #${ticket.number}: ${ticket.subject}`,
      now,
      { kind: 'ticket', link: ticketLink(ticket.id) },
    );
    await audit(
      tx,
      'ticket.answer',
      answered.ticket,
      input.actor,
      { messageId: answered.messageId, length: input.message.length },
      now,
    );
    return {
      ticket: toTicketView(answered.ticket, answered.messages),
      memberEmail: await memberEmailOf(tx, ticket.memberId),
    };
  });
}

/** Closes a ticket (open or answered): the member can no longer reply and opens a new one. */
export async function closeTicket(
  db: Db,
  input: { id: string; actor: OperatorActor },
  now: Date,
): Promise<SettledTicket> {
  return withTransaction(db, async (tx) => {
    const ticket = await lockTicket(tx, input.id);
    if (ticket.status === 'closed') throw new AppError('CONFLICT', TICKET_ALREADY_CLOSED);
    const thread = await threadState(tx, ticket.id);
    const at = changeInstant(thread.lastAt, now, 0);
    const [closed] = await tx
      .update(tickets)
      .set({ status: 'closed', closedAt: at, updatedAt: at })
      .where(eq(tickets.id, ticket.id))
      .returning();
    if (!closed) throw new Error(`ticket ${ticket.id} vanished while locked`);
    await notifyMember(
      tx,
      ticket.memberId,
      `Your ticket #${ticket.number} was closed: ${ticket.subject}`,
      now,
      { kind: 'ticket', link: ticketLink(ticket.id) },
    );
    await audit(tx, 'ticket.close', closed, input.actor, { previousStatus: ticket.status }, now);
    return {
      ticket: toTicketView(closed, thread.messages),
      memberEmail: await memberEmailOf(tx, ticket.memberId),
    };
  });
}

function audit(
  tx: Tx,
  action: string,
  row: TicketRow,
  actor: OperatorActor,
  extra: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const detail = { memberId: row.memberId, number: row.number, ...extra };
  return recordOperatorAction(
    tx,
    actor,
    { action, targetType: 'ticket', targetId: row.id, detail },
    now,
  );
}
