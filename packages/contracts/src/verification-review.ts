import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.ts';
import { optionalText, requiredText } from './fields.ts';
import { moneyAmount } from './packages.ts';
import {
  REJECTION_REASONS,
  SUBMISSION_STATUSES,
  VERIFICATION_DOCUMENT_KINDS,
  verificationDocumentView,
  verificationFieldValues,
} from './verification.ts';

// Identity verification, the operator's side (decision 0055): when it is asked for, the review
// queue and the decisions. Apart from the member's side (verification.ts), which the signed-in
// frame's chunk reads for the verification notice: a module is bundled whole, and these schemas
// were built on every member's first load.

// When verification is required: an operator setting, checked on the server.

export const WITHDRAWAL_GATES = ['never', 'every-withdrawal', 'above-total'] as const;
export type WithdrawalGate = (typeof WITHDRAWAL_GATES)[number];
export const DEPOSIT_GATES = ['never', 'above-amount'] as const;

export const verificationSettings = z.object({
  withdrawals: z.enum(WITHDRAWAL_GATES, { error: 'Choose when withdrawals need verification.' }),
  /** Dollars: withdrawals past this total (pending and paid, with the new one) need it. */
  withdrawalTotal: moneyAmount('Withdrawal total'),
  deposits: z.enum(DEPOSIT_GATES, { error: 'Choose when deposits need verification.' }),
  /** Dollars: a deposit above this needs it. */
  depositAmount: moneyAmount('Deposit amount'),
});
export type VerificationSettings = z.output<typeof verificationSettings>;

// The operator's side.

export const VERIFICATION_AGES = ['any', 'over-1-day', 'over-3-days', 'over-7-days'] as const;

export const verificationQueueQuery = pageQuery.extend({
  status: z.enum(SUBMISSION_STATUSES).default('submitted'),
  age: z.enum(VERIFICATION_AGES).default('any'),
});
export type VerificationQueueQuery = z.input<typeof verificationQueueQuery>;

export const verificationQueueItem = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  referralCode: z.string(),
  country: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type VerificationQueueItem = z.infer<typeof verificationQueueItem>;
export const verificationQueuePage = pageOf(verificationQueueItem);
export type VerificationQueuePage = z.infer<typeof verificationQueuePage>;

export const verificationSubmissionDetail = verificationQueueItem.extend({
  memberEmail: z.string(),
  requirementsVersion: z.number(),
  /** Only for reviewers; finance sees the status alone (null). */
  fields: verificationFieldValues.nullable(),
  documents: z.array(verificationDocumentView).nullable(),
  decidedBy: z.string().nullable(),
  rejection: z.object({ reason: z.string(), note: z.string().nullable() }).nullable(),
  requestedDocument: z.enum(VERIFICATION_DOCUMENT_KINDS).nullable(),
});
export type VerificationSubmissionDetail = z.infer<typeof verificationSubmissionDetail>;

const reviewNote = optionalText('Note', 1000);

/** POST operator/verification/:id/decide. */
export const verificationDecisionBody = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve') }),
    z.object({
      decision: z.literal('reject'),
      reason: z.enum(REJECTION_REASONS, { error: 'Choose a reason.' }),
      note: reviewNote,
    }),
    z.object({
      decision: z.literal('request-document'),
      document: z.enum(VERIFICATION_DOCUMENT_KINDS, { error: 'Choose the document.' }),
      note: requiredText('Note', 1000),
    }),
  ],
  { error: 'Choose approve, reject or ask for a document again.' },
);
export type VerificationDecisionBody = z.input<typeof verificationDecisionBody>;

export const SUBMISSION_NOT_FOUND = 'No such submission';
export const DOCUMENT_NOT_FOUND = 'No such document';
