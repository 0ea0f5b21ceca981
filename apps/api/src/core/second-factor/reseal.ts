import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { seal, sealedKeyIdIn, unsealWithAny, type SealingKeys } from '../../lib/sealed-secrets.ts';
import { resealInBatches, type ResealOptions, type SealedRows } from '../reseal-in-batches.ts';
import { MEMBER_FACTOR, OPERATOR_FACTOR, type FactorTables } from './owners.ts';

// The end of a SECOND_FACTOR_KEY rotation (decisions 0045, 0049): the authenticator seeds of
// members and of operators, each in its own table, moved to the current key by
// reseal-in-batches.ts. Only the seal changes: the seed, whether the factor is on and the last
// step used stay, so nobody enrols again and a code used before is still refused.

/**
 * One table's seeds. No index on the key id inside the sealed text: one row per owner who set
 * up the app, and each batch is one scan of it.
 */
const seeds = (tables: FactorTables, keys: SealingKeys): SealedRows => {
  const keyId = sealedKeyIdIn(tables.totp.secretSealed);
  return {
    table: tables.totp,
    keyId,
    resealBatch: async (tx, previousKeyIds, limit) => {
      const rows = await tx
        .select({ ownerId: tables.totpOwner, secretSealed: tables.totp.secretSealed })
        .from(tables.totp)
        .where(inArray(keyId, previousKeyIds))
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const row of rows)
        await tx
          .update(tables.totp)
          .set({ secretSealed: seal(unsealWithAny(row.secretSealed, keys), keys.current) })
          .where(eq(tables.totpOwner, row.ownerId));
      return rows.length;
    },
  };
};

/** Moves every member's and operator's authenticator seed under a previous key to the current one. */
export const resealSecondFactors = (db: Db, keys: SealingKeys, options: ResealOptions) =>
  resealInBatches(
    db,
    keys,
    { members: seeds(MEMBER_FACTOR, keys), operators: seeds(OPERATOR_FACTOR, keys) },
    options,
  );
