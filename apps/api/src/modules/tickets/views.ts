import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  OperatorTicketThread,
  OperatorTicketView,
  Page,
  PageQuery,
  TicketAssignmentFilter,
  TicketMessageView,
  TicketSort,
  TicketStatus,
  TicketThread,
  TicketView,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { operators } from '../../db/schema/operators.ts';
import { ticketMessages, tickets } from '../../db/schema/support.ts';
import { listTicketAttachments } from './ticket-attachments.ts';
import { listTicketNotes } from './ticket-notes.ts';

// Tickets as members and operators read them. A thread is returned whole, oldest message first:
// replies stop at MAX_TICKET_MESSAGES, so it never grows past a page a screen can show.

type TicketRow = typeof tickets.$inferSelect;
type MessageRow = typeof ticketMessages.$inferSelect;

/**
 * How many messages the ticket holds, selected beside its row. Written out in full: drizzle
 * leaves column names unqualified here, and an unqualified "id" would be the message's own.
 */
const messageCount = sql<number>`(select count(*) from ticket_messages m where m.ticket_id = "tickets"."id")::int`;

export function toTicketView(row: TicketRow, messages: number): TicketView {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    category: row.category,
    status: row.status,
    lastAuthor: row.lastAuthor,
    messageCount: messages,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

const toMessageView = (row: MessageRow): TicketMessageView => ({
  id: row.id,
  from: row.author,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

const pageOffset = (page: PageQuery) => (page.page - 1) * page.pageSize;
type ListQuery = PageQuery & { status?: TicketStatus | undefined };

/** GET ticket/tickets: the member's own tickets, newest activity first. */
export async function listMemberTickets(
  db: Executor,
  memberId: string,
  query: ListQuery,
): Promise<Page<TicketView>> {
  const filters: SQL[] = [eq(tickets.memberId, memberId)];
  if (query.status) filters.push(eq(tickets.status, query.status));
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ row: tickets, messages: messageCount })
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(tickets).where(where),
  ]);
  return {
    data: rows.map(({ row, messages }) => toTicketView(row, messages)),
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
  };
}

const memberColumns = { id: members.id, name: members.name, referralCode: members.referralCode };
const assignees = alias(operators, 'ticket_assignee');
const assigneeColumns = { id: assignees.id, email: assignees.email };

/** The assignee of a left join: drizzle gives an object of nulls when there is none. */
const assigneeOf = (row: { id: string | null; email: string | null } | null) =>
  row?.id && row.email ? { id: row.id, email: row.email } : null;

type OperatorListQuery = ListQuery & {
  sort?: TicketSort | undefined;
  assigned?: TicketAssignmentFilter | undefined;
};

function operatorListFilter(query: OperatorListQuery, operatorId: string): SQL | undefined {
  return and(
    query.status ? eq(tickets.status, query.status) : undefined,
    query.assigned === 'me' ? eq(tickets.assignedOperatorId, operatorId) : undefined,
    query.assigned === 'none' ? isNull(tickets.assignedOperatorId) : undefined,
  );
}

/**
 * GET operator/tickets: by last activity, oldest or newest first as asked; by default open
 * tickets with the one waiting longest first (the order to answer them in), the others newest.
 * `assigned` keeps those of the operator asking (`me`) or of nobody (`none`).
 */
export async function listTicketsForOperator(
  db: Executor,
  query: OperatorListQuery,
  operatorId: string,
): Promise<Page<OperatorTicketView>> {
  const where = operatorListFilter(query, operatorId);
  const sort = query.sort ?? (query.status === 'open' ? 'oldest' : 'newest');
  const order =
    sort === 'oldest'
      ? [asc(tickets.updatedAt), asc(tickets.id)]
      : [desc(tickets.updatedAt), desc(tickets.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        row: tickets,
        messages: messageCount,
        member: memberColumns,
        assignee: assigneeColumns,
      })
      .from(tickets)
      .innerJoin(members, eq(members.id, tickets.memberId))
      .leftJoin(assignees, eq(assignees.id, tickets.assignedOperatorId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(tickets).where(where),
  ]);
  return {
    data: rows.map(({ row, messages, member, assignee }) => ({
      ...toTicketView(row, messages),
      member,
      assignee: assigneeOf(assignee),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
  };
}

async function threadMessages(db: Executor, ticketId: string) {
  return db
    .select({ row: ticketMessages, operatorEmail: operators.email })
    .from(ticketMessages)
    .leftJoin(operators, eq(operators.id, ticketMessages.operatorId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
}

/** GET ticket/ticket-msg: one of the member's own tickets and its thread; null for any other. */
export async function readMemberThread(
  db: Executor,
  memberId: string,
  ticketId: string,
): Promise<TicketThread | null> {
  const [ticket] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.memberId, memberId)));
  if (!ticket) return null;
  const [messages, attachments] = await Promise.all([
    threadMessages(db, ticketId),
    listTicketAttachments(db, ticketId),
  ]);
  return {
    ticket: toTicketView(ticket, messages.length),
    messages: messages.map(({ row }) => toMessageView(row)),
    attachments,
  };
}

/**
 * GET operator/tickets/{id}: any ticket, with its member, its assignee, who answered each
 * message and support's internal notes.
 */
export async function readThreadForOperator(
  db: Executor,
  ticketId: string,
): Promise<OperatorTicketThread | null> {
  const [found] = await db
    .select({ ticket: tickets, member: memberColumns, assignee: assigneeColumns })
    .from(tickets)
    .innerJoin(members, eq(members.id, tickets.memberId))
    .leftJoin(assignees, eq(assignees.id, tickets.assignedOperatorId))
    .where(eq(tickets.id, ticketId));
  if (!found) return null;
  const [messages, attachments, notes] = await Promise.all([
    threadMessages(db, ticketId),
    listTicketAttachments(db, ticketId),
    listTicketNotes(db, ticketId),
  ]);
  return {
    ticket: {
      ...toTicketView(found.ticket, messages.length),
      member: found.member,
      assignee: assigneeOf(found.assignee),
    },
    messages: messages.map(({ row, operatorEmail }) => ({ ...toMessageView(row), operatorEmail })),
    attachments,
    notes,
  };
}
