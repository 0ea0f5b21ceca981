import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ASSIGNEE_NOT_ALLOWED,
  can,
  OPERATOR_ROLES,
  TICKET_ALREADY_ASSIGNED,
  TICKET_CLOSED_FOR_ASSIGNMENT,
  TICKET_NOT_ASSIGNED,
  type TicketAssignee,
} from '@app/contracts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { operators } from '../../db/schema/operators.ts';
import { tickets } from '../../db/schema/support.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordOperatorAction, type OperatorActor } from '../../core/audit.ts';
import { lockTicket } from './thread.ts';

// Who has taken a ticket on (decision 0056). Only an active operator whose role answers tickets
// can hold one: a ticket assigned to someone who cannot answer it would wait for nobody.

/** The roles that answer tickets, read from the permission map so the two never disagree. */
const ANSWERING_ROLES = OPERATOR_ROLES.filter((role) => can(role, 'tickets.answer'));

const canHoldTickets = and(
  eq(operators.status, 'active'),
  inArray(operators.role, ANSWERING_ROLES),
);

/** GET operator/tickets/assignees: every operator a ticket can be assigned to, by email. */
export function listAssignees(db: Executor): Promise<TicketAssignee[]> {
  return db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(canHoldTickets)
    .orderBy(asc(operators.email));
}

async function assigneeById(tx: Tx, id: string): Promise<TicketAssignee> {
  const [found] = await tx
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(and(eq(operators.id, id), canHoldTickets));
  if (!found) throw fieldError('operatorId', ASSIGNEE_NOT_ALLOWED);
  return found;
}

async function emailOf(tx: Tx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [found] = await tx
    .select({ email: operators.email })
    .from(operators)
    .where(eq(operators.id, id));
  return found?.email ?? null;
}

/**
 * Assigns a ticket to an operator, or to nobody (`operatorId` null). A closed ticket cannot be
 * given to anyone (there is nothing left to do), but can be let go of. Asking for what already
 * holds is a 409 with nothing written, so a 200 always means a change, and the audit log holds
 * the change as before → after. The member's view and the ticket's last activity do not move.
 */
export async function assignTicket(
  db: Db,
  input: { ticketId: string; operatorId: string | null; actor: OperatorActor },
  now: Date,
): Promise<{ assignee: TicketAssignee | null }> {
  return withTransaction(db, async (tx) => {
    const ticket = await lockTicket(tx, input.ticketId);
    let assignee: TicketAssignee | null = null;
    if (input.operatorId) {
      if (ticket.status === 'closed') throw new AppError('CONFLICT', TICKET_CLOSED_FOR_ASSIGNMENT);
      assignee = await assigneeById(tx, input.operatorId);
      if (ticket.assignedOperatorId === assignee.id)
        throw new AppError('CONFLICT', TICKET_ALREADY_ASSIGNED);
    } else if (!ticket.assignedOperatorId) {
      throw new AppError('CONFLICT', TICKET_NOT_ASSIGNED);
    }
    const before = await emailOf(tx, ticket.assignedOperatorId);
    await tx
      .update(tickets)
      .set({ assignedOperatorId: assignee?.id ?? null })
      .where(eq(tickets.id, ticket.id));
    await recordOperatorAction(
      tx,
      input.actor,
      {
        action: assignee ? 'ticket.assign' : 'ticket.unassign',
        targetType: 'ticket',
        targetId: ticket.id,
        detail: {
          memberId: ticket.memberId,
          number: ticket.number,
          before: { assignee: before },
          after: { assignee: assignee?.email ?? null },
        },
      },
      now,
    );
    return { assignee };
  });
}
