import { asc, count, eq } from 'drizzle-orm';
import { MAX_TICKET_NOTES, TICKET_NOTES_FULL, type TicketNoteView } from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { operators } from '../../db/schema/operators.ts';
import { ticketNotes } from '../../db/schema/support-desk.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordOperatorAction, type OperatorActor } from '../../core/audit.ts';
import { lockTicket } from './thread.ts';

// Support's internal notes on a ticket (decision 0056). Only the operator thread reads them:
// no member route, notification or mail touches this table, and adding one changes nothing the
// member sees (not the status, not the last activity).

const toNoteView = (row: {
  id: string;
  text: string;
  operatorEmail: string | null;
  createdAt: Date;
}): TicketNoteView => ({ ...row, createdAt: row.createdAt.toISOString() });

/** A ticket's notes, oldest first, with their authors' emails. */
export async function listTicketNotes(db: Executor, ticketId: string): Promise<TicketNoteView[]> {
  const rows = await db
    .select({
      id: ticketNotes.id,
      text: ticketNotes.text,
      operatorEmail: operators.email,
      createdAt: ticketNotes.createdAt,
    })
    .from(ticketNotes)
    .leftJoin(operators, eq(operators.id, ticketNotes.operatorId))
    .where(eq(ticketNotes.ticketId, ticketId))
    .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id));
  return rows.map(toNoteView);
}

/**
 * Adds a note to any ticket, closed ones too (what was learnt after the close is worth keeping).
 * The ticket is locked while its notes are counted, so two notes at once cannot pass the limit.
 * Audited without the text, so the audit log does not become a copy of the notes.
 */
export async function addTicketNote(
  db: Db,
  input: { ticketId: string; text: string; actor: OperatorActor },
  now: Date,
): Promise<TicketNoteView> {
  return withTransaction(db, async (tx) => {
    const ticket = await lockTicket(tx, input.ticketId);
    const [held] = await tx
      .select({ total: count() })
      .from(ticketNotes)
      .where(eq(ticketNotes.ticketId, ticket.id));
    if ((held?.total ?? 0) >= MAX_TICKET_NOTES) throw new AppError('CONFLICT', TICKET_NOTES_FULL);
    const [note] = await tx
      .insert(ticketNotes)
      .values({
        ticketId: ticket.id,
        operatorId: input.actor.operatorId,
        text: input.text,
        createdAt: now,
      })
      .returning();
    if (!note) throw new Error('ticket note insert returned nothing');
    await recordOperatorAction(
      tx,
      input.actor,
      {
        action: 'ticket.add_note',
        targetType: 'ticket',
        targetId: ticket.id,
        detail: { memberId: ticket.memberId, number: ticket.number, note: note.id },
      },
      now,
    );
    const [author] = await tx
      .select({ email: operators.email })
      .from(operators)
      .where(eq(operators.id, input.actor.operatorId));
    return toNoteView({ ...note, operatorEmail: author?.email ?? null });
  });
}
