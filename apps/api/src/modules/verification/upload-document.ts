import { and, eq } from 'drizzle-orm';
import {
  VERIFICATION_ALREADY_APPROVED,
  VERIFICATION_IN_REVIEW,
  type VerificationDocumentKind,
  type VerificationDocumentView,
} from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { verificationDocuments } from '../../db/schema/verification.ts';
import { withTransaction } from '../../ledger/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  cleanMemberFile,
  refuseOverDailyFileQuota,
  storeMemberFile,
  type MemberFileKeys,
} from '../../core/member-files/index.ts';
import { isMemberVerified } from '../../core/verification-gate.ts';
import { latestSubmission } from './member-verification.ts';

/** Refuses a change while the member is verified or a submission is in review. */
export async function refuseWhileClosed(db: Executor, memberId: string): Promise<void> {
  if (await isMemberVerified(db, memberId))
    throw new AppError('CONFLICT', VERIFICATION_ALREADY_APPROVED);
  if ((await latestSubmission(db, memberId))?.status === 'submitted')
    throw new AppError('CONFLICT', VERIFICATION_IN_REVIEW);
}

/**
 * PUT verification/documents/:kind: one document as the raw body, kept as the member's draft of
 * that kind until they submit. A new upload of a kind supersedes the draft before it (its file
 * stays until retention deletes it, so what was sent can still be accounted for).
 */
export async function uploadDocument(
  db: Db,
  keys: MemberFileKeys,
  input: { memberId: string; kind: VerificationDocumentKind; bytes: Buffer },
  now: Date,
): Promise<VerificationDocumentView> {
  await refuseWhileClosed(db, input.memberId);
  // Outside the transaction: decoding and encoding an image takes a while.
  const file = await cleanMemberFile(input.bytes);
  return withTransaction(db, async (tx) => {
    await refuseOverDailyFileQuota(tx, input.memberId, file.bytes.length, now);
    await tx
      .update(verificationDocuments)
      .set({ status: 'superseded', statusChangedAt: now })
      .where(
        and(
          eq(verificationDocuments.memberId, input.memberId),
          eq(verificationDocuments.kind, input.kind),
          eq(verificationDocuments.status, 'draft'),
        ),
      );
    const stored = await storeMemberFile(
      tx,
      keys,
      { memberId: input.memberId, purpose: 'verification', file },
      now,
    );
    const [row] = await tx
      .insert(verificationDocuments)
      .values({
        memberId: input.memberId,
        kind: input.kind,
        fileId: stored.id,
        uploadedAt: now,
        statusChangedAt: now,
      })
      .returning();
    if (!row) throw new Error('the document insert returned no row');
    return {
      id: row.id,
      kind: row.kind,
      mediaType: stored.mediaType,
      byteSize: stored.byteSize,
      uploadedAt: now.toISOString(),
    };
  });
}
