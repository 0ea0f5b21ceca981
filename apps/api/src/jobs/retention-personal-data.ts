import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accountClosures } from '../db/schema/account-closures.ts';
import { memberFiles } from '../db/schema/member-files.ts';
import {
  verificationDocuments,
  verificationSubmissionDocuments,
} from '../db/schema/verification.ts';
import type { JobLimits } from '../db/statement-limits.ts';
import { DAY_MS } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { withTransaction } from '../ledger/index.ts';
import { recordAudit } from '../core/audit.ts';
import { erasePersonalData } from '../core/account-closure/erase-personal-data.ts';
import type { RetentionSettings } from '@app/contracts';

// The retention run's personal data (decision 0060), after its short-lived rows: identity
// documents rejected or replaced longer ago than the operators' period, and the personal data of
// accounts closed longer ago than theirs. Each batch is one transaction that claims its rows
// (FOR UPDATE SKIP LOCKED), so instances running the same day share the work and a crash loses
// nothing; each step is audited, with no operator.

type Step = { batchSize: number; limits?: JobLimits; signal?: AbortSignal };

/**
 * Deletes rejected and superseded verification documents whose status changed before
 * `now - rejectedDocumentDays`: the file, the document row and its links to the submissions that
 * used it (a submission keeps its decision, with the documents still standing). One audit row per
 * member whose documents went. Returns how many documents were deleted.
 */
export async function deleteRetiredDocuments(
  db: Db,
  now: Date,
  settings: RetentionSettings,
  step: Step,
): Promise<number> {
  const cutoff = new Date(now.getTime() - settings.rejectedDocumentDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    if (step.signal?.aborted) return deleted;
    const count = await withTransaction(
      db,
      async (tx) => {
        const due = await tx
          .select({
            id: verificationDocuments.id,
            memberId: verificationDocuments.memberId,
            kind: verificationDocuments.kind,
            fileId: verificationDocuments.fileId,
          })
          .from(verificationDocuments)
          .where(
            and(
              inArray(verificationDocuments.status, ['rejected', 'superseded']),
              lt(verificationDocuments.statusChangedAt, cutoff),
            ),
          )
          .orderBy(asc(verificationDocuments.statusChangedAt))
          .limit(step.batchSize)
          .for('update', { skipLocked: true });
        if (due.length === 0) return 0;
        const ids = due.map((document) => document.id);
        await tx
          .delete(verificationSubmissionDocuments)
          .where(inArray(verificationSubmissionDocuments.documentId, ids));
        await tx.delete(verificationDocuments).where(inArray(verificationDocuments.id, ids));
        await tx.delete(memberFiles).where(
          inArray(
            memberFiles.id,
            due.map((document) => document.fileId),
          ),
        );
        const byMember = new Map<string, typeof due>();
        for (const document of due)
          byMember.set(document.memberId, [...(byMember.get(document.memberId) ?? []), document]);
        for (const [memberId, documents] of byMember)
          await recordAudit(tx, {
            operatorId: null,
            action: 'verification.documents_deleted',
            targetType: 'member',
            targetId: memberId,
            detail: {
              documents: documents.length,
              kinds: documents.map((document) => document.kind),
              olderThanDays: settings.rejectedDocumentDays,
            },
            now,
          });
        return due.length;
      },
      { jobLimits: step.limits },
    );
    deleted += count;
    if (count < step.batchSize) return deleted;
  }
}

/**
 * Erases the personal data of accounts whose closure was confirmed before
 * `now - closedAccountDays` and not erased yet, one member per transaction (each touches a dozen
 * tables), `batchSize` at most per claim. Returns how many accounts were erased.
 */
export async function eraseClosedAccounts(
  db: Db,
  now: Date,
  settings: RetentionSettings,
  step: Step,
): Promise<number> {
  const cutoff = new Date(now.getTime() - settings.closedAccountDays * DAY_MS);
  // One hash for the run: of random bytes nobody keeps, so no password ever matches it.
  let unusableHash: string | null = null;
  let erased = 0;
  for (;;) {
    if (step.signal?.aborted) return erased;
    const due = await db
      .select({ id: accountClosures.id, memberId: accountClosures.memberId })
      .from(accountClosures)
      .where(
        and(
          eq(accountClosures.status, 'confirmed'),
          isNull(accountClosures.erasedAt),
          lt(accountClosures.decidedAt, cutoff),
        ),
      )
      .orderBy(asc(accountClosures.decidedAt))
      .limit(step.batchSize);
    if (due.length === 0) return erased;
    unusableHash ??= await hashPassword(randomBytes(32).toString('base64'));
    let erasedNow = 0;
    for (const closure of due) {
      if (step.signal?.aborted) return erased;
      const hash = unusableHash;
      const done = await withTransaction(
        db,
        async (tx) => {
          // Claimed here: another instance erasing the same member holds it, or already did.
          const [claimed] = await tx
            .select({ id: accountClosures.id })
            .from(accountClosures)
            .where(and(eq(accountClosures.id, closure.id), isNull(accountClosures.erasedAt)))
            .for('update', { skipLocked: true });
          if (!claimed) return false;
          await erasePersonalData(tx, closure, hash, now);
          return true;
        },
        { jobLimits: step.limits },
      );
      if (done) erasedNow += 1;
    }
    erased += erasedNow;
    // A short batch was the last; one where another instance held every row leaves them to it.
    if (due.length < step.batchSize || erasedNow === 0) return erased;
  }
}
