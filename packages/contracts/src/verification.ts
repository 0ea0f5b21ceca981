import { z } from 'zod';
import { optionalText } from './fields.ts';

// Identity verification before payouts (decision 0055): what the operator asks for (versioned
// requirements) and the member's submission. When it is asked for (a setting) and the review are
// the operator's side, in verification-review.ts.

/** The documents an operator may ask for. */
export const VERIFICATION_DOCUMENT_KINDS = [
  'id-front',
  'id-back',
  'selfie',
  'proof-of-address',
] as const;
export type VerificationDocumentKind = (typeof VERIFICATION_DOCUMENT_KINDS)[number];

export const verificationDocumentLabels: Record<
  VerificationDocumentKind,
  { label: string; hint: string }
> = {
  'id-front': {
    label: 'Identity document, front',
    hint: 'Passport photo page, or the front of your ID card or driving licence.',
  },
  'id-back': { label: 'Identity document, back', hint: 'The back of the same card.' },
  selfie: {
    label: 'Selfie holding the document',
    hint: 'Your face and the document both clearly visible.',
  },
  'proof-of-address': {
    label: 'Proof of address',
    hint: 'A bank statement or utility bill from the last 3 months with your name and address.',
  },
};

/** The details an operator may ask for. */
export const VERIFICATION_FIELD_KEYS = [
  'legalName',
  'dateOfBirth',
  'nationality',
  'documentNumber',
  'documentExpiry',
  'address',
] as const;
export type VerificationFieldKey = (typeof VERIFICATION_FIELD_KEYS)[number];

export const verificationFieldLabels: Record<VerificationFieldKey, string> = {
  legalName: 'Legal name',
  dateOfBirth: 'Date of birth',
  nationality: 'Nationality',
  documentNumber: 'Document number',
  documentExpiry: 'Document expiry',
  address: 'Address',
};

export const VERIFICATION_STATUSES = [
  'not-started',
  'submitted',
  'approved',
  'rejected',
  'resubmission-requested',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A submission's own states (a member without one is `not-started`). */
export const SUBMISSION_STATUSES = [
  'submitted',
  'approved',
  'rejected',
  'resubmission-requested',
] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const verificationStatusLabels: Record<VerificationStatus, string> = {
  'not-started': 'Not started',
  submitted: 'Submitted, in review',
  approved: 'Approved',
  rejected: 'Rejected',
  'resubmission-requested': 'One document asked for again',
};

/** Why a reviewer rejects: one from the list, with free text when needed. */
export const REJECTION_REASONS = [
  'unreadable',
  'expired',
  'name-mismatch',
  'document-not-accepted',
  'selfie-mismatch',
  'address-not-matching',
  'other',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const rejectionReasonLabels: Record<RejectionReason, string> = {
  unreadable: 'A document is unreadable or cut off',
  expired: 'The document has expired',
  'name-mismatch': 'The name does not match the account',
  'document-not-accepted': 'This kind of document is not accepted',
  'selfie-mismatch': 'The selfie does not match the document',
  'address-not-matching': 'The proof of address does not show this address',
  other: 'Another reason (see the note)',
};

// Documents: the bytes are checked on the server (core/member-files); these say what to send.

export const MEMBER_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const MEMBER_FILE_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'application/pdf',
] as const;
export type MemberFileMediaType = (typeof MEMBER_FILE_MEDIA_TYPES)[number];
/** The file input's `accept`: the types, and their names for pickers that go by the name. */
export const MEMBER_FILE_ACCEPT = `${MEMBER_FILE_MEDIA_TYPES.join(',')},.jpg,.jpeg,.png,.heic,.pdf`;
export const MEMBER_FILE_TYPE_REFUSED =
  'This file is not a JPEG, PNG, HEIC or PDF. Send a photo or a PDF scan.';
export const MEMBER_FILE_TOO_LARGE =
  'This file is larger than 10 MB. Send a smaller photo or scan.';
export const MEMBER_FILE_UNREADABLE =
  'This image could not be read. Send it as a JPEG or PNG (on an iPhone: Settings › Camera › Formats › Most Compatible).';
export const MEMBER_FILE_EMPTY = 'This file is empty.';
/**
 * What one member may send in any 24 hours, documents and ticket images together: far more than
 * a verification with a few retakes needs, far less than fills a database.
 */
export const MEMBER_FILES_PER_DAY = 40;
export const MEMBER_FILE_BYTES_PER_DAY = 100 * 1024 * 1024;
/** The refusal past those, with the wait until the oldest of the day's files leaves the 24 hours. */
export function memberFilesDailyLimit(waitSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  const hours = Math.ceil(minutes / 60);
  const wait =
    minutes < 60
      ? `${minutes} minute${minutes === 1 ? '' : 's'}`
      : `${hours} hour${hours === 1 ? '' : 's'}`;
  return `You have sent as many files as a day allows. Try again in ${wait}.`;
}

// Requirements: versioned data the operator edits (like the compensation plan).

const documentList = z
  .array(z.enum(VERIFICATION_DOCUMENT_KINDS, { error: 'Unknown document' }))
  .min(1, 'Ask for at least one document')
  .refine((list) => new Set(list).size === list.length, 'A document is listed twice');
const fieldList = z
  .array(z.enum(VERIFICATION_FIELD_KEYS, { error: 'Unknown detail' }))
  .refine((list) => new Set(list).size === list.length, 'A detail is listed twice');

/** An ISO 3166 country code, upper case. */
export const countryCode = z
  .string({ error: 'Choose a country' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Choose a country');

export const verificationAsk = z.object({ documents: documentList, fields: fieldList });
export type VerificationAsk = z.infer<typeof verificationAsk>;

/** Countries that need something else than the default. */
export const countryRule = verificationAsk.extend({
  countries: z.array(countryCode).min(1, 'Name at least one country').max(250),
});
export type CountryRule = z.infer<typeof countryRule>;

/** PUT operator/verification/requirements: publishes a new version. */
export const verificationRequirementsBody = z
  .object({
    default: verificationAsk,
    countries: z.array(countryRule).max(50, 'At most 50 country rules'),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.countries.forEach((rule, index) => {
      for (const country of rule.countries) {
        if (seen.has(country))
          ctx.addIssue({
            code: 'custom',
            path: ['countries', index, 'countries'],
            message: `${country} is in two rules`,
          });
        seen.add(country);
      }
    });
  });
export type VerificationRequirements = z.infer<typeof verificationRequirementsBody>;

export const verificationRequirementsData = z.object({
  version: z.number(),
  publishedAt: z.string().nullable(),
  requirements: verificationRequirementsBody,
});
export type VerificationRequirementsData = z.infer<typeof verificationRequirementsData>;

/** What the country's rule asks for: the country's own rule, else the default. */
export function askFor(requirements: VerificationRequirements, country: string): VerificationAsk {
  const rule = requirements.countries.find((candidate) => candidate.countries.includes(country));
  return rule ? { documents: rule.documents, fields: rule.fields } : requirements.default;
}

// The member's side.

export const verificationDocumentView = z.object({
  id: z.string(),
  kind: z.enum(VERIFICATION_DOCUMENT_KINDS),
  mediaType: z.string(),
  byteSize: z.number(),
  uploadedAt: z.string(),
});
export type VerificationDocumentView = z.infer<typeof verificationDocumentView>;

/** A submission's details, by key. */
export const verificationFieldValues = z.partialRecord(z.enum(VERIFICATION_FIELD_KEYS), z.string());

/** GET verification: the status and what the next submission needs. */
export const memberVerificationData = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** After a rejection: the reason's label and the reviewer's note. */
  rejection: z.object({ reason: z.string(), note: z.string().nullable() }).nullable(),
  /** After "send this document again": which one, and the reviewer's note. */
  requestedDocument: z
    .object({ kind: z.enum(VERIFICATION_DOCUMENT_KINDS), note: z.string().nullable() })
    .nullable(),
  /** The country and details of the last submission, to fill the form again. */
  country: z.string().nullable(),
  fields: verificationFieldValues,
  /** Uploaded and not yet submitted, by kind. */
  drafts: z.array(verificationDocumentView),
  /** Documents of the last submission that a new one keeps unless replaced. */
  kept: z.array(verificationDocumentView),
  requirements: verificationRequirementsData,
  /**
   * Dollars an unverified member may still withdraw before verification is asked for: null
   * when it never is (or the member is verified), "0" when every withdrawal needs it.
   */
  withdrawalRoom: z.string().nullable(),
});
export type MemberVerificationData = z.infer<typeof memberVerificationData>;

export const verificationUploadQuery = z.object({
  kind: z.enum(VERIFICATION_DOCUMENT_KINDS, { error: 'Choose which document this is.' }),
});

const fieldText = (key: VerificationFieldKey, max: number) =>
  optionalText(verificationFieldLabels[key], max);

/** POST verification/submit: the country, the details; the uploaded documents go with it. */
export const verificationSubmitBody = z.object({
  country: countryCode,
  fields: z
    .object({
      legalName: fieldText('legalName', 200),
      dateOfBirth: z.iso.date('Enter the date as YYYY-MM-DD.').optional(),
      nationality: countryCode.optional(),
      documentNumber: fieldText('documentNumber', 60),
      documentExpiry: z.iso.date('Enter the date as YYYY-MM-DD.').optional(),
      address: fieldText('address', 500),
    })
    .default({}),
});
export type VerificationSubmitBody = z.input<typeof verificationSubmitBody>;

export const VERIFICATION_ALREADY_APPROVED = 'Your identity is already verified';
export const VERIFICATION_IN_REVIEW = 'Your documents are in review; wait for the answer';
export const verificationMissingDocument = (kind: VerificationDocumentKind) =>
  `Upload: ${verificationDocumentLabels[kind].label}`;
export const verificationMissingField = (key: VerificationFieldKey) =>
  `${verificationFieldLabels[key]} is required`;

/** Where the refusal sends the member. */
export const VERIFICATION_PATH = '/verification';
export const verificationRequiredMessage = (why: string) =>
  `Verify your identity first: ${why}. Send your documents on the Verification screen (${VERIFICATION_PATH}).`;
