import { asc, count, eq, sql } from 'drizzle-orm';
import {
  CANNED_REPLIES_FULL,
  CANNED_REPLY_NOT_FOUND,
  CANNED_REPLY_TITLE_TAKEN,
  CANNED_REPLY_UNCHANGED,
  MAX_CANNED_REPLIES,
  type CannedReplyView,
} from '@app/contracts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { operators } from '../../db/schema/operators.ts';
import { ticketCannedReplies } from '../../db/schema/support-desk.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { violatedUniqueConstraint } from '../../lib/unique-violation.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordOperatorAction, type OperatorActor } from '../../core/audit.ts';

// Support's saved answers (decision 0056): a title to find one by and the text it inserts into
// an answer, which the operator edits before sending. Adding, changing and removing one is
// audited with its title; the text stays out of the audit log, as with notes.

type ReplyInput = { title: string; text: string; actor: OperatorActor };

const TITLE_KEY = 'ticket_canned_replies_title_key';
/** Taken by every add, so two at once cannot both take the last place under the limit. */
const ADD_LOCK = 5_602_001;

const notFound = () => new AppError('NOT_FOUND', CANNED_REPLY_NOT_FOUND);

const replyColumns = {
  id: ticketCannedReplies.id,
  title: ticketCannedReplies.title,
  text: ticketCannedReplies.text,
  updatedAt: ticketCannedReplies.updatedAt,
  updatedByEmail: operators.email,
};

const toView = (row: {
  id: string;
  title: string;
  text: string;
  updatedAt: Date;
  updatedByEmail: string | null;
}): CannedReplyView => ({ ...row, updatedAt: row.updatedAt.toISOString() });

function readReplies(db: Executor) {
  return db
    .select(replyColumns)
    .from(ticketCannedReplies)
    .leftJoin(operators, eq(operators.id, ticketCannedReplies.updatedBy));
}

/** GET operator/tickets/canned-replies: every reply, by title. */
export async function listCannedReplies(db: Executor): Promise<CannedReplyView[]> {
  const rows = await readReplies(db).orderBy(
    asc(sql`lower(${ticketCannedReplies.title})`),
    asc(ticketCannedReplies.id),
  );
  return rows.map(toView);
}

async function readReply(tx: Tx, id: string): Promise<CannedReplyView> {
  const [row] = await readReplies(tx).where(eq(ticketCannedReplies.id, id));
  if (!row) throw notFound();
  return toView(row);
}

/** A title taken by another reply (in any letter case) is refused on the field. */
async function titleChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueConstraint(error) === TITLE_KEY)
      throw fieldError('title', CANNED_REPLY_TITLE_TAKEN);
    throw error;
  }
}

function audit(
  tx: Tx,
  action: string,
  id: string,
  detail: object,
  actor: OperatorActor,
  now: Date,
) {
  return recordOperatorAction(
    tx,
    actor,
    { action, targetType: 'canned_reply', targetId: id, detail: { ...detail } },
    now,
  );
}

export function createCannedReply(db: Db, input: ReplyInput, now: Date): Promise<CannedReplyView> {
  return titleChecked(() =>
    withTransaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADD_LOCK})`);
      const [held] = await tx.select({ total: count() }).from(ticketCannedReplies);
      if ((held?.total ?? 0) >= MAX_CANNED_REPLIES)
        throw new AppError('CONFLICT', CANNED_REPLIES_FULL);
      const [row] = await tx
        .insert(ticketCannedReplies)
        .values({
          title: input.title,
          text: input.text,
          updatedBy: input.actor.operatorId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: ticketCannedReplies.id });
      if (!row) throw new Error('canned reply insert returned nothing');
      await audit(
        tx,
        'ticket.canned_reply.create',
        row.id,
        { title: input.title },
        input.actor,
        now,
      );
      return readReply(tx, row.id);
    }),
  );
}

/** Changes a reply's title or text; the same title and text again is a 409, nothing written. */
export function updateCannedReply(
  db: Db,
  input: ReplyInput & { id: string },
  now: Date,
): Promise<CannedReplyView> {
  return titleChecked(() =>
    withTransaction(db, async (tx) => {
      const [saved] = await tx
        .select()
        .from(ticketCannedReplies)
        .where(eq(ticketCannedReplies.id, input.id))
        .for('update');
      if (!saved) throw notFound();
      if (saved.title === input.title && saved.text === input.text)
        throw new AppError('CONFLICT', CANNED_REPLY_UNCHANGED);
      await tx
        .update(ticketCannedReplies)
        .set({
          title: input.title,
          text: input.text,
          updatedBy: input.actor.operatorId,
          updatedAt: now,
        })
        .where(eq(ticketCannedReplies.id, saved.id));
      const detail = {
        before: { title: saved.title },
        after: { title: input.title },
        textChanged: saved.text !== input.text,
      };
      await audit(tx, 'ticket.canned_reply.update', saved.id, detail, input.actor, now);
      return readReply(tx, saved.id);
    }),
  );
}

/** Removes a reply for good; answers already sent with it keep their text. */
export function deleteCannedReply(
  db: Db,
  input: { id: string; actor: OperatorActor },
  now: Date,
): Promise<void> {
  return withTransaction(db, async (tx) => {
    const [removed] = await tx
      .delete(ticketCannedReplies)
      .where(eq(ticketCannedReplies.id, input.id))
      .returning({ title: ticketCannedReplies.title });
    if (!removed) throw notFound();
    const detail = { title: removed.title };
    await audit(tx, 'ticket.canned_reply.delete', input.id, detail, input.actor, now);
  });
}
