import { and, eq, max, sql } from 'drizzle-orm';
import {
  MAX_TICKET_MESSAGES,
  TICKET_FULL,
  TICKET_NOT_FOUND,
  type TicketAuthor,
} from '@app/contracts';
import type { Tx } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { ticketMessages, tickets } from '../../db/schema/support.ts';
import { AppError } from '../../lib/errors.ts';

// What every change to a ticket shares: the row is locked first, so of two concurrent changes
// (a member's reply and an operator's close) the second waits and then sees the first's status.

export type TicketRow = typeof tickets.$inferSelect;

export const ticketNotFound = () => new AppError('NOT_FOUND', TICKET_NOT_FOUND);

/** The ticket, locked; `memberId` limits it to that member's own (others read as missing). */
export async function lockTicket(tx: Tx, id: string, memberId?: string): Promise<TicketRow> {
  const mine = memberId ? eq(tickets.memberId, memberId) : undefined;
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), mine))
    .for('update');
  if (!row) throw ticketNotFound();
  return row;
}

/**
 * How many messages the thread holds and when the last was written (the ticket is locked, so
 * no other writer adds one meanwhile).
 */
export async function threadState(
  tx: Tx,
  ticketId: string,
): Promise<{ messages: number; lastAt: Date | null }> {
  const [row] = await tx
    .select({ messages: sql<number>`count(*)::int`, lastAt: max(ticketMessages.createdAt) })
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId));
  return { messages: row?.messages ?? 0, lastAt: row?.lastAt ?? null };
}

/**
 * The instant of a change to a thread: now, but never before its last message. A thread is
 * read in time order, so a message written in the same millisecond as the one before it goes
 * one millisecond later (`after`), and a close never comes before the message it follows.
 */
export function changeInstant(lastAt: Date | null, now: Date, after: 0 | 1): Date {
  return lastAt && lastAt.getTime() + after > now.getTime()
    ? new Date(lastAt.getTime() + after)
    : now;
}

/**
 * Adds a message to a locked ticket and moves the ticket to `status` with this author as the
 * last one; refuses a thread that is already full. Returns the ticket and its new count.
 */
export async function appendMessage(
  tx: Tx,
  ticket: TicketRow,
  input: {
    author: TicketAuthor;
    operatorId?: string;
    message: string;
    status: TicketRow['status'];
  },
  now: Date,
): Promise<{ ticket: TicketRow; messageId: string; messages: number }> {
  const { messages: before, lastAt } = await threadState(tx, ticket.id);
  if (before >= MAX_TICKET_MESSAGES) throw new AppError('CONFLICT', TICKET_FULL);
  const at = changeInstant(lastAt, now, 1);
  const [message] = await tx
    .insert(ticketMessages)
    .values({
      ticketId: ticket.id,
      author: input.author,
      operatorId: input.operatorId ?? null,
      message: input.message,
      createdAt: at,
    })
    .returning({ id: ticketMessages.id });
  const [updated] = await tx
    .update(tickets)
    .set({ status: input.status, lastAuthor: input.author, updatedAt: at })
    .where(eq(tickets.id, ticket.id))
    .returning();
  if (!message || !updated) throw new Error(`ticket ${ticket.id} vanished while locked`);
  return { ticket: updated, messageId: message.id, messages: before + 1 };
}

/**
 * "Name (CODE)" of a ticket's member, as operators' notifications name them; `lock` holds the
 * member's row until the transaction ends (creating a ticket counts the member's open ones).
 */
export async function memberLabel(tx: Tx, memberId: string, lock = false): Promise<string> {
  const select = tx
    .select({ name: members.name, code: members.referralCode })
    .from(members)
    .where(eq(members.id, memberId));
  const [member] = lock ? await select.for('update') : await select;
  if (!member) throw new Error(`member ${memberId} of a ticket does not exist`);
  return `${member.name} (${member.code})`;
}
