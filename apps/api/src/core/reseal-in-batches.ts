import { count, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import type { JobLimits } from '../db/statement-limits.ts';
import { keyIdOf, previousKeyIdsOf, type SealingKeys } from '../lib/sealed-secrets.ts';
import { withTransaction } from '../ledger/index.ts';

// The second half of a key rotation, for any store of sealed rows (the member files, decision
// 0055; the authenticator secrets, decisions 0045 and 0049): every row sealed under a previous
// key is read with it and sealed again under the current one, so the old key can be dropped.
//
// Each batch is its own short transaction that claims its rows FOR UPDATE SKIP LOCKED: a second
// re-seal takes other rows instead of waiting, rows the app or the retention run hold are left
// for a later run, and what deletes a row this one holds waits for one short batch at most. A run
// killed mid-way loses only its open batch, whose rows are still under their old key and still
// open. A row already moved is not under a previous key any more, so running again moves what is
// left and nothing twice.

export type ResealOptions = {
  /** Rows per transaction: what one batch holds in memory and keeps locked. */
  batchSize: number;
  /** The scheduled runs' lock and statement timeouts for each batch (decision 0039). */
  limits?: JobLimits;
  /** Stops after the batch in progress. */
  signal?: AbortSignal;
};

/** One kind of sealed row of a store: where it is, and how a batch of it moves. */
export type SealedRows = {
  table: PgTable;
  /** The id of the key that sealed a row: its column, or where it sits in the sealed text. */
  keyId: Column | SQL<string>;
  /**
   * Moves up to `limit` rows under one of `previousKeyIds` to the current key, claimed
   * FOR UPDATE SKIP LOCKED in `tx`; answers how many it moved.
   */
  resealBatch: (tx: Tx, previousKeyIds: string[], limit: number) => Promise<number>;
};

export type ResealReport<Kind extends string> = {
  /** The current key's id: the one every moved row now names. */
  keyId: string;
  moved: Record<Kind, number>;
  /**
   * Rows still under another key: sealed since by an instance not yet given the new key, held by
   * another run, left by a stopped run, or under a key that is not configured (`unconfigured`).
   */
  remaining: Record<Kind, number>;
  /** Of `remaining`, the rows under a key neither current nor previous: they cannot be opened. */
  unconfigured: Record<Kind, number>;
};

/**
 * Re-seals every row of each kind under a previous key with the current key, batch by batch, and
 * counts what is left under any other key.
 */
export async function resealInBatches<Kind extends string>(
  db: Db,
  keys: SealingKeys,
  kinds: Record<Kind, SealedRows>,
  options: ResealOptions,
): Promise<ResealReport<Kind>> {
  const keyId = keyIdOf(keys.current);
  const previousKeyIds = previousKeyIdsOf(keys);
  const names = Object.keys(kinds) as Kind[];
  const counts = () => Object.fromEntries(names.map((kind) => [kind, 0])) as Record<Kind, number>;
  const report = { keyId, moved: counts(), remaining: counts(), unconfigured: counts() };
  for (const kind of previousKeyIds.length > 0 ? names : []) {
    for (;;) {
      if (options.signal?.aborted) break;
      const done = await withTransaction(
        db,
        (tx) => kinds[kind].resealBatch(tx, previousKeyIds, options.batchSize),
        { jobLimits: options.limits },
      );
      report.moved[kind] += done;
      // A short batch was the last, or the rest is held by another run.
      if (done < options.batchSize) break;
    }
  }
  for (const kind of names) {
    for (const row of await countByOtherKey(db, kinds[kind], keyId)) {
      report.remaining[kind] += row.rows;
      if (!previousKeyIds.includes(row.keyId)) report.unconfigured[kind] += row.rows;
    }
  }
  return report;
}

/** The rows not under the current key, by the key that sealed them. */
function countByOtherKey(db: Db, rows: SealedRows, currentKeyId: string) {
  const keyId = sql<string>`${rows.keyId}`;
  return db
    .select({ keyId, rows: count() })
    .from(rows.table)
    .where(ne(keyId, currentKeyId))
    .groupBy(keyId);
}
