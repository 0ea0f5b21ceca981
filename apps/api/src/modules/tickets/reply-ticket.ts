import { TICKET_CLOSED, type TicketView } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { notifyOperators } from '../../core/operator-notifications.ts';
import { appendMessage, lockTicket, memberLabel } from './thread.ts';
import { toTicketView } from './views.ts';

/**
 * POST ticket/reply-user: the member adds to their own ticket. An answered ticket is open again
 * (it waits for support once more); a closed one refuses, and support hears of every reply.
 */
export async function replyToTicket(
  db: Db,
  input: { memberId: string; ticketId: string; message: string },
  now: Date,
): Promise<TicketView> {
  return withTransaction(db, async (tx) => {
    const ticket = await lockTicket(tx, input.ticketId, input.memberId);
    if (ticket.status === 'closed') throw new AppError('CONFLICT', TICKET_CLOSED);
    const replied = await appendMessage(
      tx,
      ticket,
      { author: 'member', message: input.message, status: 'open' },
      now,
    );
    await notifyOperators(
      tx,
      {
        audience: 'support',
        message: `Reply on ticket #${ticket.number} from ${await memberLabel(tx, input.memberId)}: ${ticket.subject}`,
        targetType: 'ticket',
        targetId: ticket.id,
      },
      now,
    );
    return toTicketView(replied.ticket, replied.messages);
  });
}
