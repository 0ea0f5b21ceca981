import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  microsToDecimalString,
  rejectionReasonLabels,
  type MemberVerificationData,
  type VerificationDocumentView,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import {
  verificationDocuments,
  verificationSubmissionDocuments,
  verificationSubmissions,
} from '../../db/schema/verification.ts';
import { memberFiles } from '../../db/schema/member-files.ts';
import type { MemberFileKeys } from '../../core/member-files/index.ts';
import { currentRequirements, openFields } from '../../core/verification-records.ts';
import {
  readVerificationSettings,
  unverifiedRoom,
  withdrawnTotal,
} from '../../core/verification-gate.ts';

export type LatestSubmission = typeof verificationSubmissions.$inferSelect;

export async function latestSubmission(
  db: Executor,
  memberId: string,
): Promise<LatestSubmission | null> {
  const [row] = await db
    .select()
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.memberId, memberId))
    .orderBy(desc(verificationSubmissions.submittedAt))
    .limit(1);
  return row ?? null;
}

const documentColumns = {
  id: verificationDocuments.id,
  kind: verificationDocuments.kind,
  mediaType: memberFiles.mediaType,
  byteSize: memberFiles.byteSize,
  uploadedAt: verificationDocuments.uploadedAt,
};

const toDocumentView = (row: {
  id: string;
  kind: VerificationDocumentView['kind'];
  mediaType: string;
  byteSize: number;
  uploadedAt: Date;
}): VerificationDocumentView => ({ ...row, uploadedAt: row.uploadedAt.toISOString() });

export async function draftDocuments(db: Executor, memberId: string) {
  const rows = await db
    .select(documentColumns)
    .from(verificationDocuments)
    .innerJoin(memberFiles, eq(memberFiles.id, verificationDocuments.fileId))
    .where(
      and(eq(verificationDocuments.memberId, memberId), eq(verificationDocuments.status, 'draft')),
    );
  return rows.map(toDocumentView);
}

/** A submission's documents still standing (`submitted` or `accepted`), or all of them. */
export async function submissionDocuments(
  db: Executor,
  submissionId: string,
  which: 'standing' | 'all' = 'standing',
) {
  const rows = await db
    .select(documentColumns)
    .from(verificationSubmissionDocuments)
    .innerJoin(
      verificationDocuments,
      eq(verificationDocuments.id, verificationSubmissionDocuments.documentId),
    )
    .innerJoin(memberFiles, eq(memberFiles.id, verificationDocuments.fileId))
    .where(
      and(
        eq(verificationSubmissionDocuments.submissionId, submissionId),
        which === 'all'
          ? undefined
          : inArray(verificationDocuments.status, ['submitted', 'accepted']),
      ),
    );
  return rows.map(toDocumentView);
}

/** GET verification: where the member stands and what the next submission needs. */
export async function readMemberVerification(
  db: Executor,
  memberId: string,
  keys: MemberFileKeys | null,
): Promise<MemberVerificationData> {
  const latest = await latestSubmission(db, memberId);
  const approved = await db
    .select({ id: verificationSubmissions.id, decidedAt: verificationSubmissions.decidedAt })
    .from(verificationSubmissions)
    .where(
      and(
        eq(verificationSubmissions.memberId, memberId),
        eq(verificationSubmissions.status, 'approved'),
      ),
    )
    .limit(1);
  const settings = await readVerificationSettings(db);
  const room = approved.length
    ? null
    : unverifiedRoom(settings, await withdrawnTotal(db, memberId));
  const canResubmit = latest?.status === 'rejected' || latest?.status === 'resubmission-requested';
  return {
    status: approved.length ? 'approved' : (latest?.status ?? 'not-started'),
    submittedAt: latest?.submittedAt.toISOString() ?? null,
    decidedAt: (approved[0]?.decidedAt ?? latest?.decidedAt)?.toISOString() ?? null,
    rejection:
      latest?.status === 'rejected' && latest.rejectionReason
        ? { reason: rejectionReasonLabels[latest.rejectionReason], note: latest.reviewNote }
        : null,
    requestedDocument:
      latest?.status === 'resubmission-requested' && latest.requestedDocument
        ? { kind: latest.requestedDocument, note: latest.reviewNote }
        : null,
    country: latest?.country ?? null,
    fields: latest && keys ? openFields(latest.fieldsSealed, keys) : {},
    drafts: await draftDocuments(db, memberId),
    kept: latest && canResubmit ? await submissionDocuments(db, latest.id) : [],
    requirements: await currentRequirements(db),
    withdrawalRoom: room === null ? null : microsToDecimalString(room),
  };
}

/** One of the member's own documents; another member's, or none, is null. */
export async function memberDocument(db: Executor, memberId: string, id: string) {
  const [row] = await db
    .select({ fileId: verificationDocuments.fileId, kind: verificationDocuments.kind })
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.id, id), eq(verificationDocuments.memberId, memberId)));
  return row ?? null;
}
