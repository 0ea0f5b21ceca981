import { desc, eq, max } from 'drizzle-orm';
import {
  NOTIFICATION_LINKS,
  verificationRequirementsBody,
  type VerificationRequirements,
  type VerificationRequirementsData,
} from '@app/contracts';
import type { Executor } from '../db/client.ts';
import { members } from '../db/schema/members.ts';
import { verificationRequirements, verificationSubmissions } from '../db/schema/verification.ts';
import { seal, sealedKeyIdIn, unsealWithAny } from '../lib/sealed-secrets.ts';
import type { MemberFileKeys } from './member-files/index.ts';
import { queueMail } from './mail-outbox/queue-mail.ts';
import { screenLink } from './mail-outbox/member-event-mail.ts';
import { notifyMember } from './notifications.ts';

// What the member's and the operators' sides of identity verification share (decision 0055):
// the versioned requirements, the sealed details of a submission, and telling the member.

/** Version 1, until an operator publishes another: identity document both sides and a selfie. */
export const DEFAULT_VERIFICATION_REQUIREMENTS: VerificationRequirements = {
  default: {
    documents: ['id-front', 'id-back', 'selfie'],
    fields: ['legalName', 'dateOfBirth', 'nationality', 'documentNumber', 'documentExpiry'],
  },
  countries: [],
};

export async function currentRequirements(db: Executor): Promise<VerificationRequirementsData> {
  const [row] = await db
    .select()
    .from(verificationRequirements)
    .orderBy(desc(verificationRequirements.version))
    .limit(1);
  const parsed = verificationRequirementsBody.safeParse(row?.requirements);
  if (!row || !parsed.success)
    return { version: 1, publishedAt: null, requirements: DEFAULT_VERIFICATION_REQUIREMENTS };
  return {
    version: row.version,
    publishedAt: row.publishedAt.toISOString(),
    requirements: parsed.data,
  };
}

/** A new version (the current one + 1); two publishing at once: the second fails its key. */
export async function publishRequirements(
  tx: Executor,
  requirements: VerificationRequirements,
  operatorId: string,
  now: Date,
): Promise<VerificationRequirementsData> {
  const [row] = await tx
    .select({ version: max(verificationRequirements.version) })
    .from(verificationRequirements);
  // The built-in default is version 1, so the first published one is 2.
  const version = Math.max(row?.version ?? 1, 1) + 1;
  await tx
    .insert(verificationRequirements)
    .values({ version, requirements, publishedAt: now, publishedBy: operatorId });
  return { version, publishedAt: now.toISOString(), requirements };
}

export type SubmissionFields = Record<string, string>;

/** The details sealed like the documents, under the current key (its id says which). */
export const sealFields = (fields: SubmissionFields, keys: MemberFileKeys) =>
  seal(JSON.stringify(fields), keys.current);

/**
 * The id of the key that sealed a submission's details, in SQL: the second part of the sealed
 * value (`v1.<key id>.…`, lib/sealed-secrets.ts), as openFields reads it.
 */
export const detailsKeyId = sealedKeyIdIn(verificationSubmissions.fieldsSealed);

export const openFields = (sealed: string, keys: MemberFileKeys): SubmissionFields =>
  JSON.parse(unsealWithAny(sealed, keys)) as SubmissionFields;

export type VerificationEvent = 'received' | 'approved' | 'rejected' | 'document-requested';

const wording: Record<VerificationEvent, { notice: string; subject: string; body: string }> = {
  received: {
    notice: 'Your identity documents were received and are in review',
    subject: 'We received your identity documents',
    body: 'We will tell you as soon as they are reviewed.',
  },
  approved: {
    notice: 'Your identity is verified',
    subject: 'Your identity is verified',
    body: 'Withdrawals that needed it can now be requested.',
  },
  rejected: {
    notice: 'Your identity verification was rejected: see what to fix',
    subject: 'Your identity verification needs another try',
    body: 'Sign in to see the reason and send your documents again.',
  },
  'document-requested': {
    notice: 'Send one identity document again to finish your verification',
    subject: 'Send one identity document again',
    body: 'Sign in to see which document and why.',
  },
};

/**
 * The in-app notice and the mail of a verification event, in its transaction. The mail always
 * goes (it is about the account, like a security notice) and says no detail: the reason is in
 * the app, behind the sign-in.
 */
export async function tellMember(
  tx: Executor,
  memberId: string,
  event: VerificationEvent,
  publicUrl: string,
  now: Date,
): Promise<string | null> {
  const text = wording[event];
  await notifyMember(tx, memberId, text.notice, now, {
    kind: 'security',
    link: NOTIFICATION_LINKS.verification,
  });
  const [member] = await tx
    .select({ email: members.email })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) return null;
  return queueMail(
    tx,
    {
      kind: `verification-${event}`,
      to: member.email,
      subject: text.subject,
      text: [text.body, screenLink(publicUrl, NOTIFICATION_LINKS.verification)].join('\n'),
    },
    now,
  );
}
