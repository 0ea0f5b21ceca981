import { and, eq, inArray, notInArray } from 'drizzle-orm';
import {
  askFor,
  verificationMissingDocument,
  verificationMissingField,
  VERIFICATION_IN_REVIEW,
  type VerificationDocumentKind,
  type verificationSubmitBody,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  verificationDocuments,
  verificationSubmissionDocuments,
  verificationSubmissions,
} from '../../db/schema/verification.ts';
import { findSqlState, withTransaction } from '../../ledger/index.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import type { MemberFileKeys } from '../../core/member-files/index.ts';
import { currentRequirements, sealFields, tellMember } from '../../core/verification-records.ts';
import { draftDocuments, latestSubmission, submissionDocuments } from './member-verification.ts';
import { refuseWhileClosed } from './upload-document.ts';

const UNIQUE_VIOLATION = '23505';

export type SubmitInput = z.output<typeof verificationSubmitBody> & { memberId: string };

/**
 * POST verification/submit: the details and the documents the current requirements ask of the
 * country. A document the member did not upload again is taken from their last submission when
 * it still stands (after "send this one again", the others do). Every missing detail or
 * document is named at once; nothing is written then.
 */
export async function submitVerification(
  db: Db,
  keys: MemberFileKeys,
  input: SubmitInput,
  site: { publicUrl: string },
  now: Date,
): Promise<{ submissionId: string; mailId: string | null }> {
  await refuseWhileClosed(db, input.memberId);
  const { version, requirements } = await currentRequirements(db);
  const ask = askFor(requirements, input.country);
  const fields: Record<string, string> = {};
  const problems: { field: string; reason: string }[] = [];
  for (const key of ask.fields) {
    const value = input.fields[key]?.trim();
    if (value) fields[key] = value;
    else problems.push({ field: `fields.${key}`, reason: verificationMissingField(key) });
  }
  const drafts = await draftDocuments(db, input.memberId);
  const latest = await latestSubmission(db, input.memberId);
  const standing = latest ? await submissionDocuments(db, latest.id) : [];
  const chosen = new Map<VerificationDocumentKind, string>();
  for (const kind of ask.documents) {
    const document =
      drafts.find((each) => each.kind === kind) ?? standing.find((each) => each.kind === kind);
    if (document) chosen.set(kind, document.id);
    else problems.push({ field: `documents.${kind}`, reason: verificationMissingDocument(kind) });
  }
  if (problems.length) throw new FieldError(problems);

  const documentIds = [...chosen.values()];
  return withTransaction(db, async (tx) => {
    const [submission] = await tx
      .insert(verificationSubmissions)
      .values({
        memberId: input.memberId,
        requirementsVersion: version,
        country: input.country,
        fieldsSealed: sealFields(fields, keys),
        submittedAt: now,
      })
      .returning({ id: verificationSubmissions.id })
      .catch((error: unknown) => {
        // Two submits at once: the one-in-review index lets one through.
        if (findSqlState(error) === UNIQUE_VIOLATION)
          throw new AppError('CONFLICT', VERIFICATION_IN_REVIEW);
        throw error;
      });
    if (!submission) throw new Error('the submission insert returned no row');
    await tx
      .insert(verificationSubmissionDocuments)
      .values(documentIds.map((documentId) => ({ submissionId: submission.id, documentId })));
    await tx
      .update(verificationDocuments)
      .set({ status: 'submitted', statusChangedAt: now })
      .where(inArray(verificationDocuments.id, documentIds));
    // What the last submission had and this one does not use is no longer needed.
    await tx
      .update(verificationDocuments)
      .set({ status: 'superseded', statusChangedAt: now })
      .where(
        and(
          eq(verificationDocuments.memberId, input.memberId),
          eq(verificationDocuments.status, 'submitted'),
          notInArray(verificationDocuments.id, documentIds),
        ),
      );
    const mailId = await tellMember(tx, input.memberId, 'received', site.publicUrl, now);
    return { submissionId: submission.id, mailId };
  });
}
