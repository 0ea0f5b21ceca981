import { desc, eq } from 'drizzle-orm';
import type { MemberNote } from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { memberNotes } from '../../db/schema/member-notes.ts';
import { operators } from '../../db/schema/operators.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordAudit } from '../../core/audit.ts';
import type { OperatorActor } from './member-status.ts';

/** The member's notes, newest first, with their authors' emails; operators only (decision 0054). */
export async function listMemberNotes(db: Executor, memberId: string): Promise<MemberNote[]> {
  const rows = await db
    .select({
      id: memberNotes.id,
      text: memberNotes.text,
      authorEmail: operators.email,
      createdAt: memberNotes.createdAt,
    })
    .from(memberNotes)
    .leftJoin(operators, eq(operators.id, memberNotes.operatorId))
    .where(eq(memberNotes.memberId, memberId))
    .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Adds a note (append-only: it is never changed or removed), audited without its text. */
export async function addMemberNote(
  db: Db,
  input: { memberId: string; text: string; actor: OperatorActor },
  now: Date,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const [note] = await tx
      .insert(memberNotes)
      .values({
        memberId: input.memberId,
        operatorId: input.actor.operatorId,
        text: input.text,
        createdAt: now,
      })
      .returning({ id: memberNotes.id });
    await recordAudit(tx, {
      operatorId: input.actor.operatorId,
      action: 'member.add_note',
      targetType: 'member',
      targetId: input.memberId,
      detail: { note: note?.id },
      ip: input.actor.ip,
      now,
    });
  });
}
