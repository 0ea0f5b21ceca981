import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  REJECTION_REASONS,
  SUBMISSION_STATUSES,
  VERIFICATION_DOCUMENT_KINDS,
  type VerificationRequirements,
} from '@app/contracts';
import { createdAt, instant, oneOf } from './columns.ts';
import { memberFiles } from './member-files.ts';
import { members } from './members.ts';
import { operators } from './operators.ts';

// Identity verification (decision 0055). The requirements are versioned like the plan; a
// submission records the version it answered; its documents are member files, linked to every
// submission that used them (one asked for again is replaced, the others are kept).

export const verificationRequirements = pgTable('verification_requirements', {
  version: integer('version').primaryKey(),
  requirements: jsonb('requirements').$type<VerificationRequirements>().notNull(),
  publishedAt: instant('published_at').notNull(),
  publishedBy: uuid('published_by').references(() => operators.id),
});

export const verificationSubmissions = pgTable(
  'verification_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    requirementsVersion: integer('requirements_version').notNull(),
    country: text('country').notNull(),
    /** The details (legal name, date of birth...) as JSON, sealed like the documents. */
    fieldsSealed: text('fields_sealed').notNull(),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('submitted'),
    submittedAt: instant('submitted_at').notNull(),
    decidedAt: instant('decided_at'),
    decidedBy: uuid('decided_by').references(() => operators.id),
    rejectionReason: text('rejection_reason', { enum: REJECTION_REASONS }),
    reviewNote: text('review_note'),
    requestedDocument: text('requested_document', { enum: VERIFICATION_DOCUMENT_KINDS }),
  },
  (t) => [
    check(
      'verification_submissions_status_known',
      sql`${t.status} in ${oneOf(SUBMISSION_STATUSES)}`,
    ),
    index('verification_submissions_queue_idx').on(t.status, t.submittedAt),
    index('verification_submissions_member_idx').on(t.memberId, t.submittedAt),
    // One submission in review per member at a time.
    uniqueIndex('verification_submissions_one_open_key')
      .on(t.memberId)
      .where(sql`${t.status} = 'submitted'`),
  ],
);

export const VERIFICATION_DOCUMENT_STATUSES = [
  'draft',
  'submitted',
  'accepted',
  'rejected',
  'superseded',
] as const;

/**
 * One uploaded document. `draft` until submitted; `accepted` when its submission is approved;
 * `rejected` when its submission is rejected or it is asked for again; `superseded` when the
 * member replaced it before submitting. Retention reads status and `status_changed_at`.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: VERIFICATION_DOCUMENT_KINDS }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => memberFiles.id),
    status: text('status', { enum: VERIFICATION_DOCUMENT_STATUSES }).notNull().default('draft'),
    uploadedAt: createdAt(),
    statusChangedAt: instant('status_changed_at').notNull(),
  },
  (t) => [
    check(
      'verification_documents_status_known',
      sql`${t.status} in ${oneOf(VERIFICATION_DOCUMENT_STATUSES)}`,
    ),
    check(
      'verification_documents_kind_known',
      sql`${t.kind} in ${oneOf(VERIFICATION_DOCUMENT_KINDS)}`,
    ),
    index('verification_documents_member_idx').on(t.memberId, t.status),
    index('verification_documents_retention_idx').on(t.status, t.statusChangedAt),
    uniqueIndex('verification_documents_file_key').on(t.fileId),
    // One draft per kind: a new upload of the same kind supersedes the draft before it.
    uniqueIndex('verification_documents_one_draft_key')
      .on(t.memberId, t.kind)
      .where(sql`${t.status} = 'draft'`),
  ],
);

/** Which documents a submission was made with. */
export const verificationSubmissionDocuments = pgTable(
  'verification_submission_documents',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => verificationSubmissions.id),
    documentId: uuid('document_id')
      .notNull()
      .references(() => verificationDocuments.id),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.documentId] }),
    index('verification_submission_documents_document_idx').on(t.documentId),
  ],
);
