import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  OperatorTicketThread,
  OperatorTicketView,
  Page,
  PageQuery,
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

/**
 * GET operator/tickets: by last activity, oldest or newest first as asked; by default open
 * tickets with the one waiting longest first (the order to answer them in), the others newest.
 */
export async function listTicketsForOperator(
  db: Executor,
  query: ListQuery & { sort?: TicketSort | undefined },
): Promise<Page<OperatorTicketView>> {
  const where = query.status ? eq(tickets.status, query.status) : undefined;
  const sort = query.sort ?? (query.status === 'open' ? 'oldest' : 'newest');
  const order =
    sort === 'oldest'
      ? [asc(tickets.updatedAt), asc(tickets.id)]
      : [desc(tickets.updatedAt), desc(tickets.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select({ row: tickets, messages: messageCount, member: memberColumns })
      .from(tickets)
      .innerJoin(members, eq(members.id, tickets.memberId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(tickets).where(where),
  ]);
  return {
    data: rows.map(({ row, messages, member }) => ({ ...toTicketView(row, messages), member })),
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
  const messages = await threadMessages(db, ticketId);
  return {
    ticket: toTicketView(ticket, messages.length),
    messages: messages.map(({ row }) => toMessageView(row)),
  };
}

/** GET operator/tickets/{id}: any ticket, with its member and who answered each message. */
export async function readThreadForOperator(
  db: Executor,
  ticketId: string,
): Promise<OperatorTicketThread | null> {
  const [found] = await db
    .select({ ticket: tickets, member: memberColumns })
    .from(tickets)
    .innerJoin(members, eq(members.id, tickets.memberId))
    .where(eq(tickets.id, ticketId));
  if (!found) return null;
  const messages = await threadMessages(db, ticketId);
  return {
    ticket: { ...toTicketView(found.ticket, messages.length), member: found.member },
    messages: messages.map(({ row, operatorEmail }) => ({ ...toMessageView(row), operatorEmail })),
  };
}
