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
import { queueTicketMail, type TicketEvent } from './mails.ts';
import { toTicketView } from './views.ts';

// What support does to a ticket: answer it or close it. Each locks the ticket, tells the member
// in the app and by a mail in the outbox (same transaction) and writes the audit log; the caller
// sends the mail (its id returned here) after the commit.

export type { OperatorActor };
export type SettledTicket = { ticket: TicketView; mailId: string };
type Settling = { id: string; actor: OperatorActor; publicUrl: string };

async function memberEmailOf(tx: Tx, memberId: string): Promise<string> {
  const [member] = await tx
    .select({ email: members.email })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw new Error(`member ${memberId} of a ticket does not exist`);
  return member.email;
}

async function settled(
  tx: Tx,
  memberId: string,
  ticket: TicketView,
  event: TicketEvent,
  input: Settling,
  now: Date,
): Promise<SettledTicket> {
  const to = await memberEmailOf(tx, memberId);
  const mail = { to, ticket, event, publicUrl: input.publicUrl };
  return { ticket, mailId: await queueTicketMail(tx, mail, now) };
}

/** An operator's answer: the ticket waits for the member now (answered). */
export async function answerTicket(
  db: Db,
  input: Settling & { message: string },
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
    const view = toTicketView(answered.ticket, answered.messages);
    return settled(tx, ticket.memberId, view, 'answered', input, now);
  });
}

/** Closes a ticket (open or answered): the member can no longer reply and opens a new one. */
export async function closeTicket(db: Db, input: Settling, now: Date): Promise<SettledTicket> {
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
    return settled(
      tx,
      ticket.memberId,
      toTicketView(closed, thread.messages),
      'closed',
      input,
      now,
    );
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
