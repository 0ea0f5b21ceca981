import { and, count, eq, inArray } from 'drizzle-orm';
import {
  MAX_UNRESOLVED_TICKETS,
  TOO_MANY_TICKETS,
  type TicketCategory,
  type TicketView,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { ticketMessages, tickets } from '../../db/schema/support.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { notifyOperators } from '../../core/operator-notifications.ts';
import { memberLabel } from './thread.ts';
import { toTicketView } from './views.ts';

/**
 * POST ticket/create: a ticket with its first message, and one notification for support.
 * A member may have at most MAX_UNRESOLVED_TICKETS open or answered tickets; the member's row is
 * locked while counting, so two creates at once cannot both take the last place.
 */
export async function createTicket(
  db: Db,
  input: { memberId: string; subject: string; message: string; category: TicketCategory },
  now: Date,
): Promise<TicketView> {
  return withTransaction(db, async (tx) => {
    const member = await memberLabel(tx, input.memberId, true);
    const [waiting] = await tx
      .select({ total: count() })
      .from(tickets)
      .where(
        and(eq(tickets.memberId, input.memberId), inArray(tickets.status, ['open', 'answered'])),
      );
    if ((waiting?.total ?? 0) >= MAX_UNRESOLVED_TICKETS)
      throw new AppError('CONFLICT', TOO_MANY_TICKETS);

    const [ticket] = await tx
      .insert(tickets)
      .values({
        memberId: input.memberId,
        subject: input.subject,
        category: input.category,
        status: 'open',
        lastAuthor: 'member',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!ticket) throw new Error('ticket insert returned nothing');
    await tx.insert(ticketMessages).values({
      ticketId: ticket.id,
      author: 'member',
      message: input.message,
      createdAt: now,
    });
    await notifyOperators(
      tx,
      {
        audience: 'support',
        message: `New ticket #${ticket.number} from ${member}: ${ticket.subject}`,
        targetType: 'ticket',
        targetId: ticket.id,
      },
      now,
    );
    return toTicketView(ticket, 1);
  });
}
