import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { expectReconciled, insertLedgerTestMember } from '../testing/ledger-assertions.ts';
import {
  getHouseAccountIds,
  type MemberAccountIds,
  placeHold,
  postTransfer,
  reconcile,
  withTransaction,
} from './index.ts';

// Reconciliation must notice what the database cannot prevent: the cached columns of accounts
// (balance, held) are ordinary updatable columns, so a bug or a hand-typed UPDATE can skew them.

const now = new Date('2025-03-01T10:00:00Z');
let database: Database;
let accounts: MemberAccountIds;

beforeAll(async () => {
  // The owner: these writes are what the request role may not even attempt (decision 0030).
  database = await createPgliteTestDatabase({ actAs: 'owner' });
  const house = await getHouseAccountIds(database.db);
  ({ accounts } = await insertLedgerTestMember(database.db, now));
  await postTransfer(database.db, {
    reference: 'reconcile:deposit',
    kind: 'deposit',
    lines: [
      { accountId: accounts.fund, amount: 1_000n },
      { accountId: house.deposits, amount: -1_000n },
    ],
    now,
  });
  await placeHold(database.db, {
    accountId: accounts.fund,
    amount: 300n,
    reference: 'reconcile:hold',
    now,
  });
});
afterAll(async () => {
  await expectReconciled(database.db);
  await database.close();
});

describe('reconcile', () => {
  it('is ok on a consistent ledger', async () => {
    expect((await reconcile(database.db)).ok).toBe(true);
  });

  it('detects a corrupted cached balance, and clears once it is repaired', async () => {
    await database.db.execute(
      sql`update accounts set balance = balance + 7 where id = ${accounts.fund}`,
    );
    const report = await reconcile(database.db);
    expect(report.ok).toBe(false);
    expect(report.mismatchedAccounts).toEqual([
      { accountId: accounts.fund, cached: 1_007n, sum: 1_000n },
    ]);
    expect(report.totalPostings).toBe(0n);
    await database.db.execute(
      sql`update accounts set balance = balance - 7 where id = ${accounts.fund}`,
    );
    expect((await reconcile(database.db)).ok).toBe(true);
  });

  it('detects held that does not match the pending holds', async () => {
    await database.db.execute(sql`update accounts set held = held + 1 where id = ${accounts.fund}`);
    const report = await reconcile(database.db);
    expect(report.ok).toBe(false);
    expect(report.heldMismatch).toEqual([{ accountId: accounts.fund, held: 301n, pending: 300n }]);
    await database.db.execute(sql`update accounts set held = held - 1 where id = ${accounts.fund}`);
  });

  it('detects unbalanced transfers and money created from nothing (triggers disabled to forge them)', async () => {
    // session_replication_role = replica switches the ledger triggers off for this transaction
    // only: the one way (for a superuser) to get an unbalanced transfer past the database.
    const forged = await withTransaction(database.db, async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const rows = await tx.execute(
        sql`insert into transfers (reference, kind, created_at) values ('forged', 'test', now()) returning id`,
      );
      const id = BigInt((rows as unknown as { rows: { id: string }[] }).rows[0]?.id ?? 0);
      await tx.execute(sql`insert into postings (transfer_id, account_id, amount, created_at)
        values (${id}, ${accounts.profit}, 50, now())`);
      await tx.execute(
        sql`update accounts set balance = balance + 50 where id = ${accounts.profit}`,
      );
      return id;
    });
    const report = await reconcile(database.db);
    expect(report.ok).toBe(false);
    expect(report.totalPostings).toBe(50n);
    expect(report.unbalancedTransfers).toEqual([{ transferId: forged, postingCount: 1, sum: 50n }]);
    expect(report.mismatchedAccounts).toEqual([]);

    await withTransaction(database.db, async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from postings where transfer_id = ${forged}`);
      await tx.execute(sql`delete from transfers where id = ${forged}`);
      await tx.execute(
        sql`update accounts set balance = balance - 50 where id = ${accounts.profit}`,
      );
    });
  });
});
