import { and, asc, count, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import {
  rejectionReasonLabels,
  type VerificationQueuePage,
  type verificationQueueQuery,
  type VerificationSubmissionDetail,
} from '@app/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { memberFiles } from '../../db/schema/member-files.ts';
import { operators } from '../../db/schema/operators.ts';
import {
  verificationDocuments,
  verificationSubmissionDocuments,
  verificationSubmissions,
} from '../../db/schema/verification.ts';
import { DAY_MS } from '../../lib/clock.ts';
import type { MemberFileKeys } from '../../core/member-files/index.ts';
import { openFields } from '../../core/verification-records.ts';

type QueueQuery = z.output<typeof verificationQueueQuery>;

const AGE_DAYS = { any: 0, 'over-1-day': 1, 'over-3-days': 3, 'over-7-days': 7 } as const;

const itemColumns = {
  id: verificationSubmissions.id,
  memberId: verificationSubmissions.memberId,
  memberName: members.name,
  referralCode: members.referralCode,
  country: verificationSubmissions.country,
  status: verificationSubmissions.status,
  submittedAt: verificationSubmissions.submittedAt,
  decidedAt: verificationSubmissions.decidedAt,
};

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The queue: in review longest waiting first; decided ones newest decision first. */
export async function listQueue(
  db: Executor,
  query: QueueQuery,
  now: Date,
): Promise<VerificationQueuePage> {
  const days = AGE_DAYS[query.age];
  const where: SQL | undefined = and(
    eq(verificationSubmissions.status, query.status),
    days
      ? lt(verificationSubmissions.submittedAt, new Date(now.getTime() - days * DAY_MS))
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(verificationSubmissions).where(where);
  const rows = await db
    .select(itemColumns)
    .from(verificationSubmissions)
    .innerJoin(members, eq(members.id, verificationSubmissions.memberId))
    .where(where)
    .orderBy(
      query.status === 'submitted'
        ? asc(verificationSubmissions.submittedAt)
        : desc(verificationSubmissions.decidedAt),
      asc(verificationSubmissions.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    data: rows.map((row) => ({
      ...row,
      submittedAt: row.submittedAt.toISOString(),
      decidedAt: iso(row.decidedAt),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

/** One submission; its details and documents only when `keys` is given (a reviewer). */
export async function readSubmission(
  db: Executor,
  id: string,
  keys: MemberFileKeys | null,
): Promise<VerificationSubmissionDetail | null> {
  const [row] = await db
    .select({
      ...itemColumns,
      memberEmail: members.email,
      requirementsVersion: verificationSubmissions.requirementsVersion,
      fieldsSealed: verificationSubmissions.fieldsSealed,
      decidedBy: operators.email,
      rejectionReason: verificationSubmissions.rejectionReason,
      reviewNote: verificationSubmissions.reviewNote,
      requestedDocument: verificationSubmissions.requestedDocument,
    })
    .from(verificationSubmissions)
    .innerJoin(members, eq(members.id, verificationSubmissions.memberId))
    .leftJoin(operators, eq(operators.id, verificationSubmissions.decidedBy))
    .where(eq(verificationSubmissions.id, id));
  if (!row) return null;
  const { fieldsSealed, rejectionReason, reviewNote, ...item } = row;
  return {
    ...item,
    submittedAt: item.submittedAt.toISOString(),
    decidedAt: iso(item.decidedAt),
    fields: keys ? openFields(fieldsSealed, keys) : null,
    documents: keys ? await documentsOf(db, id) : null,
    rejection: rejectionReason
      ? { reason: rejectionReasonLabels[rejectionReason], note: reviewNote }
      : null,
  };
}

async function documentsOf(db: Executor, submissionId: string) {
  const rows = await db
    .select({
      id: verificationDocuments.id,
      kind: verificationDocuments.kind,
      mediaType: memberFiles.mediaType,
      byteSize: memberFiles.byteSize,
      uploadedAt: verificationDocuments.uploadedAt,
    })
    .from(verificationSubmissionDocuments)
    .innerJoin(
      verificationDocuments,
      eq(verificationDocuments.id, verificationSubmissionDocuments.documentId),
    )
    .innerJoin(memberFiles, eq(memberFiles.id, verificationDocuments.fileId))
    .where(eq(verificationSubmissionDocuments.submissionId, submissionId))
    .orderBy(asc(verificationDocuments.kind));
  return rows.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString() }));
}

/** The file of one of a submission's documents; null when the document is not in it. */
export async function documentFileOf(
  db: Executor,
  submissionId: string,
  documentId: string,
): Promise<{ fileId: string; kind: string; memberId: string } | null> {
  const [row] = await db
    .select({
      fileId: verificationDocuments.fileId,
      kind: verificationDocuments.kind,
      memberId: verificationDocuments.memberId,
    })
    .from(verificationSubmissionDocuments)
    .innerJoin(
      verificationDocuments,
      eq(verificationDocuments.id, verificationSubmissionDocuments.documentId),
    )
    .where(
      and(
        eq(verificationSubmissionDocuments.submissionId, submissionId),
        inArray(verificationSubmissionDocuments.documentId, [documentId]),
      ),
    );
  return row ?? null;
}
