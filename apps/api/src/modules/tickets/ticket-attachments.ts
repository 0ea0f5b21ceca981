import { and, asc, count, eq } from 'drizzle-orm';
import {
  MAX_TICKET_ATTACHMENTS,
  TICKET_ATTACHMENTS_FULL,
  TICKET_CLOSED,
  TICKET_CLOSED_FOR_ANSWERS,
  TICKET_IMAGE_ONLY,
  type TicketAttachmentView,
  type TicketAuthor,
} from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { memberFiles } from '../../db/schema/member-files.ts';
import { ticketAttachments } from '../../db/schema/support-desk.ts';
import { tickets } from '../../db/schema/support.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordOperatorAction, type OperatorActor } from '../../core/audit.ts';
import {
  cleanMemberFile,
  readMemberFile,
  refuseOverDailyFileQuota,
  storeMemberFile,
  type MemberFile,
  type MemberFileKeys,
} from '../../core/member-files/index.ts';
import { notifyOperators } from '../../core/operator-notifications.ts';
import { lockTicket, memberLabel, ticketNotFound } from './thread.ts';

// Images in a ticket's thread (decision 0056), kept in the member file store: the type is read
// from the bytes (a renamed program or a PDF is refused), images are drawn again without their
// metadata, sealed under the ticket's member whoever sent them, and read back only through the
// routes of that member and of operators, never cached.

const toView = (row: {
  id: string;
  author: TicketAuthor;
  mediaType: string;
  byteSize: number;
  createdAt: Date;
}): TicketAttachmentView => ({
  id: row.id,
  from: row.author,
  mediaType: row.mediaType,
  byteSize: row.byteSize,
  createdAt: row.createdAt.toISOString(),
});

/** A thread's images, oldest first, as the thread shows them. */
export async function listTicketAttachments(
  db: Executor,
  ticketId: string,
): Promise<TicketAttachmentView[]> {
  const rows = await db
    .select({
      id: ticketAttachments.id,
      author: ticketAttachments.author,
      mediaType: memberFiles.mediaType,
      byteSize: memberFiles.byteSize,
      createdAt: ticketAttachments.createdAt,
    })
    .from(ticketAttachments)
    .innerJoin(memberFiles, eq(memberFiles.id, ticketAttachments.fileId))
    .where(eq(ticketAttachments.ticketId, ticketId))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id));
  return rows.map(toView);
}

export type Attaching = {
  ticketId: string;
  bytes: Buffer;
} & ({ author: 'member'; memberId: string } | { author: 'operator'; actor: OperatorActor });

/** The ticket as the sender may see it: a member only their own; 404 for anything else. */
async function visibleTicket(db: Executor, input: Attaching) {
  const mine = input.author === 'member' ? eq(tickets.memberId, input.memberId) : undefined;
  const [found] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, input.ticketId), mine));
  if (!found) throw ticketNotFound();
}

/**
 * Adds an image to a ticket that is not closed. A member's image is the member's turn, like a
 * reply: an answered ticket is open again and support is told. Support's image waits for its
 * answer to tell the member, and is audited. The file is checked before any transaction opens
 * (decoding an image takes time), once the sender is known to see the ticket.
 */
export async function attachImage(
  db: Db,
  keys: MemberFileKeys,
  input: Attaching,
  now: Date,
): Promise<TicketAttachmentView> {
  await visibleTicket(db, input);
  const file = await cleanMemberFile(input.bytes);
  if (!file.mediaType.startsWith('image/')) throw fieldError('file', TICKET_IMAGE_ONLY);
  return withTransaction(db, async (tx) => {
    const isMember = input.author === 'member';
    const ticket = await lockTicket(tx, input.ticketId, isMember ? input.memberId : undefined);
    if (ticket.status === 'closed')
      throw new AppError('CONFLICT', isMember ? TICKET_CLOSED : TICKET_CLOSED_FOR_ANSWERS);
    const [held] = await tx
      .select({ total: count() })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticket.id));
    if ((held?.total ?? 0) >= MAX_TICKET_ATTACHMENTS)
      throw new AppError('CONFLICT', TICKET_ATTACHMENTS_FULL);
    if (isMember) await refuseOverDailyFileQuota(tx, ticket.memberId, file.bytes.length, now);

    const stored = await storeMemberFile(
      tx,
      keys,
      { memberId: ticket.memberId, purpose: 'ticket', file },
      now,
    );
    const [row] = await tx
      .insert(ticketAttachments)
      .values({
        ticketId: ticket.id,
        fileId: stored.id,
        author: input.author,
        operatorId: isMember ? null : input.actor.operatorId,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('ticket attachment insert returned nothing');

    if (isMember) {
      await tx
        .update(tickets)
        .set({ status: 'open', lastAuthor: 'member', updatedAt: now })
        .where(eq(tickets.id, ticket.id));
      await notifyOperators(
        tx,
        {
          audience: 'support',
          message: `Image on ticket #${ticket.number} from ${await memberLabel(tx, ticket.memberId)}: ${ticket.subject}`,
          targetType: 'ticket',
          targetId: ticket.id,
        },
        now,
      );
    } else {
      await recordOperatorAction(
        tx,
        input.actor,
        {
          action: 'ticket.attach_image',
          targetType: 'ticket',
          targetId: ticket.id,
          detail: { memberId: ticket.memberId, number: ticket.number, attachment: row.id },
        },
        now,
      );
    }
    return toView({ ...row, mediaType: stored.mediaType, byteSize: stored.byteSize });
  });
}

/**
 * An image's bytes for a reader the route has checked: the ticket's own member (`memberId`) or
 * an operator (no `memberId`). Another member's image, or none, is null: the route's 404.
 */
export async function readTicketImage(
  db: Executor,
  keys: MemberFileKeys,
  query: { attachmentId: string; memberId?: string },
): Promise<MemberFile | null> {
  const mine = query.memberId ? eq(tickets.memberId, query.memberId) : undefined;
  const [row] = await db
    .select({ fileId: ticketAttachments.fileId, memberId: tickets.memberId })
    .from(ticketAttachments)
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .where(and(eq(ticketAttachments.id, query.attachmentId), mine));
  if (!row) return null;
  return readMemberFile(db, keys, {
    fileId: row.fileId,
    purpose: 'ticket',
    memberId: row.memberId,
  });
}
