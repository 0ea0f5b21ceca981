import { count, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { memberFiles } from '../../db/schema/member-files.ts';
import { verificationSubmissions } from '../../db/schema/verification.ts';
import type { JobLimits } from '../../db/statement-limits.ts';
import { keyIdOf } from '../../lib/sealed-secrets.ts';
import { withTransaction } from '../../ledger/index.ts';
import { detailsKeyId, openFields, sealFields } from '../verification-records.ts';
import { associatedDataOf, openBytes, sealBytes, type MemberFileKeys } from './seal-bytes.ts';

// The second half of a key rotation (decision 0055): every row sealed under a previous key is
// read with it and sealed again under the current one, so the old key can be dropped. Two kinds
// of row carry the store's keys: the files, and the details of verification submissions.
//
// Each batch is its own short transaction that claims its rows FOR UPDATE SKIP LOCKED: a second
// re-seal takes other rows instead of waiting, rows the app or the retention run hold are left
// for a later run, and what deletes a row this one holds waits for one short batch at most. A run
// killed mid-way loses only its open batch, whose rows are still under their old key and still
// open. A row already moved is not under a previous key any more, so running again moves what is
// left and nothing twice.

export type ResealOptions = {
  /** Rows per transaction: files are up to 10 MB each, so a batch holds that many in memory. */
  batchSize: number;
  /** The scheduled runs' lock and statement timeouts for each batch (decision 0039). */
  limits?: JobLimits;
  /** Stops after the batch in progress. */
  signal?: AbortSignal;
};

export type ResealCounts = { files: number; details: number };

export type ResealReport = {
  /** The current key's id: the one every moved row now names. */
  keyId: string;
  moved: ResealCounts;
  /**
   * Rows still under another key: sealed since by an instance not yet given the new key, held by
   * another run, left by a stopped run, or under a key that is not configured (`unconfigured`).
   */
  remaining: ResealCounts;
  /** Of `remaining`, the rows under a key neither current nor previous: they cannot be opened. */
  unconfigured: ResealCounts;
};

type Batch = (tx: Tx, previousKeyIds: string[]) => Promise<number>;

/** Moves up to `limit` files from a previous key to the current one. */
const resealFiles =
  (keys: MemberFileKeys, limit: number): Batch =>
  async (tx, previousKeyIds) => {
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
  };

/** Moves up to `limit` submissions' details from a previous key to the current one. */
const resealDetails =
  (keys: MemberFileKeys, limit: number): Batch =>
  async (tx, previousKeyIds) => {
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
  };

/**
 * Re-seals every row under a previous key with the current key, batch by batch, and counts what
 * is left under any other key.
 */
export async function resealMemberFiles(
  db: Db,
  keys: MemberFileKeys,
  options: ResealOptions,
): Promise<ResealReport> {
  const keyId = keyIdOf(keys.current);
  const previousKeyIds = keys.previous.map(keyIdOf).filter((id) => id !== keyId);
  const moved: ResealCounts = { files: 0, details: 0 };
  const batches = [
    ['files', resealFiles(keys, options.batchSize)],
    ['details', resealDetails(keys, options.batchSize)],
  ] as const;
  for (const [kind, batch] of previousKeyIds.length > 0 ? batches : []) {
    for (;;) {
      if (options.signal?.aborted) break;
      const done = await withTransaction(db, (tx) => batch(tx, previousKeyIds), {
        jobLimits: options.limits,
      });
      moved[kind] += done;
      // A short batch was the last, or the rest is held by another run.
      if (done < options.batchSize) break;
    }
  }
  return { keyId, moved, ...(await countLeft(db, keyId, previousKeyIds)) };
}

/** What is not under the current key, by key: previous ones, and any not configured. */
async function countLeft(db: Db, keyId: string, previousKeyIds: string[]) {
  const files = await db
    .select({ keyId: memberFiles.keyId, rows: count() })
    .from(memberFiles)
    .where(ne(memberFiles.keyId, keyId))
    .groupBy(memberFiles.keyId);
  const details = await db
    .select({ keyId: detailsKeyId, rows: count() })
    .from(verificationSubmissions)
    .where(ne(detailsKeyId, keyId))
    .groupBy(detailsKeyId);
  const total = (rows: { rows: number }[]) => rows.reduce((sum, row) => sum + row.rows, 0);
  const unknown = (rows: { keyId: string; rows: number }[]) =>
    total(rows.filter((row) => !previousKeyIds.includes(row.keyId)));
  return {
    remaining: { files: total(files), details: total(details) },
    unconfigured: { files: unknown(files), details: unknown(details) },
  };
}
