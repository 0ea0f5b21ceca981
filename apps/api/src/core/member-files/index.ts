import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import { memberFiles } from '../../db/schema/member-files.ts';
import { AppError } from '../../lib/errors.ts';
import { cleanMemberFile, type CleanFile } from './inspect-file.ts';
import { associatedDataOf, openBytes, sealBytes, type MemberFileKeys } from './seal-bytes.ts';

/**
 * The member file store (decision 0055): files members send (identity documents, ticket
 * attachments), kept as carefully as money.
 *
 * - `cleanMemberFile(bytes)`: the type from the bytes (JPEG, PNG, HEIC where sharp reads it, PDF;
 *   10 MB at most), images re-encoded without metadata; refuses with a 422 naming the field.
 * - `storeMemberFile(tx, keys, {memberId, purpose, file}, now)`: seals a cleaned file with
 *   AES-256-GCM under the current key and writes it, in the caller's transaction.
 *   `saveMemberFile` does both (clean outside any transaction when you can: sharp takes time).
 * - `readMemberFile(db, keys, {fileId, purpose, memberId?})`: the bytes, for a caller that has
 *   already decided the reader may see them. Pass `memberId` when a member asks: another
 *   member's file answers null, exactly like a missing one (the route answers 404).
 * - `deleteMemberFile(tx, fileId)`: gone from the store (retention, a replaced draft).
 * - `sendMemberFile(reply, file)`: the answer for a session-checked route: never cached, shown
 *   inline in a sandbox, its type as stored. Files are never served by a guessable URL.
 * - `acceptFileBody`: a route's options to take one file as the raw body
 *   (application/octet-stream), refused with 413 from its Content-Length before it is read, or
 *   as soon as a body without one passes the limit.
 *
 * - `resealMemberFiles(db, keys, options)`: after a key rotation, moves every row sealed under a
 *   previous key to the current one, in batches (the reseal-member-files script).
 *
 * - `refuseOverDailyFileQuota(tx, memberId, byteSize, now)`: in the transaction storing a file a
 *   member sent, 429 once their last 24 hours' files pass the daily count or size.
 *
 * `memberFileKeysOf(config)` gives the keys (MEMBER_FILES_KEY, MEMBER_FILES_PREVIOUS_KEYS).
 */
export { cleanMemberFile, type CleanFile } from './inspect-file.ts';
export type { MemberFileKeys } from './seal-bytes.ts';
export { acceptFileBody, registerFileBodies } from './file-body.ts';
export { sendMemberFile } from './send-file.ts';
export { resealMemberFiles } from './reseal.ts';
export { refuseOverDailyFileQuota } from './daily-quota.ts';

/** What the file is for: which feature may hand it out. */
export type MemberFilePurpose = 'verification' | 'ticket';

export type StoredFile = { id: string; mediaType: string; byteSize: number };
export type MemberFile = StoredFile & { bytes: Buffer };

export function memberFileKeysOf(config: AppConfig): MemberFileKeys | null {
  const { key, previousKeys } = config.memberFiles;
  return key ? { current: key, previous: previousKeys } : null;
}

/** Why a production start is refused without a key: nothing a member sends could be kept. */
export const memberFilesKeyProblem = (config: AppConfig): string | null =>
  config.memberFiles.key
    ? null
    : 'MEMBER_FILES_KEY is not set: identity documents cannot be stored (openssl rand -base64 32; decision 0055)';

/** The keys, or the 503 a route answers when production has none (the start refuses that). */
export function requireMemberFileKeys(config: AppConfig): MemberFileKeys {
  const keys = memberFileKeysOf(config);
  if (!keys) throw new AppError('UNAVAILABLE', 'Files cannot be stored on this server now');
  return keys;
}

export async function storeMemberFile(
  tx: Executor,
  keys: MemberFileKeys,
  input: { memberId: string; purpose: MemberFilePurpose; file: CleanFile },
  now: Date,
): Promise<StoredFile> {
  const id = randomUUID();
  const sealed = sealBytes(
    input.file.bytes,
    keys.current,
    associatedDataOf({ id, memberId: input.memberId, purpose: input.purpose }),
  );
  await tx.insert(memberFiles).values({
    id,
    memberId: input.memberId,
    purpose: input.purpose,
    mediaType: input.file.mediaType,
    byteSize: input.file.bytes.length,
    ...sealed,
    createdAt: now,
  });
  return { id, mediaType: input.file.mediaType, byteSize: input.file.bytes.length };
}

export async function saveMemberFile(
  tx: Executor,
  keys: MemberFileKeys,
  input: { memberId: string; purpose: MemberFilePurpose; bytes: Buffer },
  now: Date,
): Promise<StoredFile> {
  const file = await cleanMemberFile(input.bytes);
  return storeMemberFile(tx, keys, { ...input, file }, now);
}

export async function readMemberFile(
  db: Executor,
  keys: MemberFileKeys,
  query: { fileId: string; purpose: MemberFilePurpose; memberId?: string },
): Promise<MemberFile | null> {
  const [row] = await db
    .select()
    .from(memberFiles)
    .where(
      and(
        eq(memberFiles.id, query.fileId),
        eq(memberFiles.purpose, query.purpose),
        query.memberId ? eq(memberFiles.memberId, query.memberId) : undefined,
      ),
    );
  if (!row) return null;
  const bytes = openBytes(row, keys, associatedDataOf(row));
  return { id: row.id, mediaType: row.mediaType, byteSize: row.byteSize, bytes };
}

export async function deleteMemberFile(tx: Executor, fileId: string): Promise<void> {
  await tx.delete(memberFiles).where(eq(memberFiles.id, fileId));
}
