import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberFiles } from '../../db/schema/member-files.ts';
import { verificationSubmissions } from '../../db/schema/verification.ts';
import { resealInBatches, type ResealOptions, type SealedRows } from '../reseal-in-batches.ts';
import { detailsKeyId, openFields, sealFields } from '../verification-records.ts';
import { associatedDataOf, openBytes, sealBytes, type MemberFileKeys } from './seal-bytes.ts';

// The end of a MEMBER_FILES_KEY rotation (decision 0055). Two kinds of row carry the store's
// keys: the files, and the details of verification submissions; reseal-in-batches.ts moves them.

/** The files, found by their key id column (member_files_key_idx). */
const files = (keys: MemberFileKeys): SealedRows => ({
  table: memberFiles,
  keyId: memberFiles.keyId,
  resealBatch: async (tx, previousKeyIds, limit) => {
    const rows = await tx
      .select()
      .from(memberFiles)
      .where(inArray(memberFiles.keyId, previousKeyIds))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      const associated = associatedDataOf(row);
      const sealed = sealBytes(openBytes(row, keys, associated), keys.current, associated);
      await tx.update(memberFiles).set(sealed).where(eq(memberFiles.id, row.id));
    }
    return rows.length;
  },
});

/** The submissions' details, whose key id is inside the sealed text. */
const details = (keys: MemberFileKeys): SealedRows => ({
  table: verificationSubmissions,
  keyId: detailsKeyId,
  resealBatch: async (tx, previousKeyIds, limit) => {
    // No index on the key id inside the sealed text: one submission per verification attempt
    // keeps this table small next to the files.
    const rows = await tx
      .select({
        id: verificationSubmissions.id,
        fieldsSealed: verificationSubmissions.fieldsSealed,
      })
      .from(verificationSubmissions)
      .where(inArray(detailsKeyId, previousKeyIds))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of rows)
      await tx
        .update(verificationSubmissions)
        .set({ fieldsSealed: sealFields(openFields(row.fieldsSealed, keys), keys) })
        .where(eq(verificationSubmissions.id, row.id));
    return rows.length;
  },
});

/** Moves every file and submission's details under a previous key to the current one. */
export const resealMemberFiles = (db: Db, keys: MemberFileKeys, options: ResealOptions) =>
  resealInBatches(db, keys, { files: files(keys), details: details(keys) }, options);
