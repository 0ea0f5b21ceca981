import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createPgliteTestDatabase, createTestTable } from '../testing/database.ts';
import { findSqlState, isRetryableTransactionError, withTransaction } from './index.ts';

let database: Database;
beforeAll(async () => {
  database = await createPgliteTestDatabase();
});
afterAll(() => database.close());

/** Shaped like what drizzle throws: a DrizzleQueryError whose cause is the driver's error. */
function wrapped(code: string): Error {
  return new Error('Failed query: ...', { cause: Object.assign(new Error('driver'), { code }) });
}

describe('withTransaction', () => {
  it('finds the SQLSTATE on the error or its cause', () => {
    expect(findSqlState(wrapped('40P01'))).toBe('40P01');
    expect(findSqlState(Object.assign(new Error('x'), { code: '40001' }))).toBe('40001');
    expect(findSqlState(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(isRetryableTransactionError(wrapped('40001'))).toBe(true);
    expect(isRetryableTransactionError(wrapped('40P01'))).toBe(true);
    expect(isRetryableTransactionError(wrapped('23505'))).toBe(false);
  });

  it('retries serialization failures and deadlocks, rolling back each failed attempt', async () => {
    await createTestTable(database, 'retry_probe', 'n int');
    let attempts = 0;
    const result = await withTransaction(database.db, async (tx) => {
      attempts += 1;
      await tx.execute(sql`insert into retry_probe values (${attempts})`);
      if (attempts < 3) throw wrapped(attempts === 1 ? '40001' : '40P01');
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(3);
    const rows = await database.db.execute(sql`select n from retry_probe`);
    expect((rows as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 3 }]);
  });

  it('gives up after the allowed retries', async () => {
    let attempts = 0;
    await expect(
      withTransaction(
        database.db,
        async () => {
          attempts += 1;
          throw wrapped('40001');
        },
        { retries: 2 },
      ),
    ).rejects.toThrow('Failed query');
    expect(attempts).toBe(3);
  });

  it('rethrows anything else at once', async () => {
    let attempts = 0;
    await expect(
      withTransaction(database.db, async () => {
        attempts += 1;
        throw wrapped('23505');
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });

  it('runs at READ COMMITTED unless asked otherwise', async () => {
    const level = async (options?: Parameters<typeof withTransaction>[2]) =>
      withTransaction(
        database.db,
        async (tx) => {
          const rows = await tx.execute(sql`show transaction_isolation`);
          return (rows as unknown as { rows: { transaction_isolation: string }[] }).rows[0]
            ?.transaction_isolation;
        },
        options,
      );
    expect(await level()).toBe('read committed');
    expect(await level({ isolationLevel: 'serializable' })).toBe('serializable');
  });
});
