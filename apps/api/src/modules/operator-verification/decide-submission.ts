import { eq, inArray } from 'drizzle-orm';
import {
  SUBMISSION_NOT_FOUND,
  verificationStatusLabels,
  type SubmissionStatus,
  type verificationDecisionBody,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  verificationDocuments,
  verificationSubmissionDocuments,
  verificationSubmissions,
} from '../../db/schema/verification.ts';
import { withTransaction } from '../../ledger/index.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { alreadyDecided } from '../../core/already-decided.ts';
import { recordOperatorAction, type OperatorActor } from '../../core/audit.ts';
import { tellMember, type VerificationEvent } from '../../core/verification-records.ts';

type Decision = z.output<typeof verificationDecisionBody>;

const outcome = {
  approve: {
    status: 'approved',
    documents: 'accepted',
    event: 'approved',
    action: 'verification.approve',
  },
  reject: {
    status: 'rejected',
    documents: 'rejected',
    event: 'rejected',
    action: 'verification.reject',
  },
  'request-document': {
    status: 'resubmission-requested',
    documents: 'rejected',
    event: 'document-requested',
    action: 'verification.request-document',
  },
} as const satisfies Record<
  Decision['decision'],
  {
    status: SubmissionStatus;
    documents: 'accepted' | 'rejected';
    event: VerificationEvent;
    action: string;
  }
>;

/**
 * POST operator/verification/:id/decide. The submission is locked, so of two reviewers deciding
 * at once one wins and the other is told who decided (409). Approving accepts its documents;
 * rejecting rejects them all; asking for one again rejects that one and keeps the others for the
 * member's next submission. Audited, and the member told in the app and by mail.
 */
export async function decideSubmission(
  db: Db,
  input: { id: string; decision: Decision; actor: OperatorActor; publicUrl: string },
  now: Date,
): Promise<{ mailId: string | null }> {
  const { decision } = input;
  if (decision.decision === 'reject' && decision.reason === 'other' && !decision.note)
    throw fieldError('note', 'Say why in the note when the reason is "another reason"');
  return withTransaction(db, async (tx) => {
    const [submission] = await tx
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.id, input.id))
      .for('update');
    if (!submission) throw new AppError('NOT_FOUND', SUBMISSION_NOT_FOUND);
    if (submission.status !== 'submitted')
      throw await alreadyDecided(tx, {
        noun: 'submission',
        status: verificationStatusLabels[submission.status].toLowerCase(),
        decidedBy: submission.decidedBy,
      });
    const linked = await tx
      .select({ id: verificationDocuments.id, kind: verificationDocuments.kind })
      .from(verificationSubmissionDocuments)
      .innerJoin(
        verificationDocuments,
        eq(verificationDocuments.id, verificationSubmissionDocuments.documentId),
      )
      .where(eq(verificationSubmissionDocuments.submissionId, submission.id));
    const affected =
      decision.decision === 'request-document'
        ? linked.filter((document) => document.kind === decision.document)
        : linked;
    if (decision.decision === 'request-document' && affected.length === 0)
      throw fieldError('document', 'This submission has no such document');

    const result = outcome[decision.decision];
    await tx
      .update(verificationSubmissions)
      .set({
        status: result.status,
        decidedAt: now,
        decidedBy: input.actor.operatorId,
        rejectionReason: decision.decision === 'reject' ? decision.reason : null,
        reviewNote: decision.decision === 'approve' ? null : (decision.note ?? null),
        requestedDocument: decision.decision === 'request-document' ? decision.document : null,
      })
      .where(eq(verificationSubmissions.id, submission.id));
    await tx
      .update(verificationDocuments)
      .set({ status: result.documents, statusChangedAt: now })
      .where(
        inArray(
          verificationDocuments.id,
          affected.map((document) => document.id),
        ),
      );
    await recordOperatorAction(
      tx,
      input.actor,
      {
        action: result.action,
        targetType: 'verification',
        targetId: submission.id,
        detail: { memberId: submission.memberId, ...decision },
      },
      now,
    );
    const mailId = await tellMember(tx, submission.memberId, result.event, input.publicUrl, now);
    return { mailId };
  });
}
