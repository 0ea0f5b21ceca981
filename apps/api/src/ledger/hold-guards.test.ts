import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import {
  expectReconciled,
  insertFundedLedgerMember,
  insertLedgerTestMember,
} from '../testing/ledger-assertions.ts';
import { checkViolation, expectRefused } from '../testing/ledger-refusals.ts';
import {
  getHold,
  getHouseAccountIds,
  type HouseAccountIds,
  LEDGER_SQLSTATE,
  placeHold,
  postHold,
  voidHold,
} from './index.ts';

// The database's guard on holds (migration 0002's trigger and 0000/0001's constraints),
// exercised with hand-written SQL that bypasses ledger/holds.ts: a hold leaves 'pending' once,
// to 'posted' or 'voided', nothing else about it changes, and it is never deleted.

const now = new Date('2025-03-01T10:00:00Z');
const { appendOnly, holdResolved } = LEDGER_SQLSTATE;
let database: Database;
let house: HouseAccountIds;

beforeAll(async () => {
  database = await createPgliteTestDatabase();
  house = await getHouseAccountIds(database.db);
});
afterAll(async () => {
  await expectReconciled(database.db);
  await database.close();
});

describe('holds: pending, then posted or voided, once', () => {
  /** A member with 100 in the fund wallet and a pending hold of 40 on it. */
  async function pendingHold() {
    const { memberId, accounts } = await insertFundedLedgerMember(database.db, 100n, now);
    const { hold } = await placeHold(database.db, {
      accountId: accounts.fund,
      amount: 40n,
      reference: `guards:hold:${memberId}`,
      now,
    });
    return { accounts, hold };
  }
  const payOut = (accountId: bigint, reference: string) => ({
    reference,
    kind: 'test',
    lines: [
      { accountId, amount: -40n },
      { accountId: house.withdrawals, amount: 40n },
    ],
    now,
  });
  const setStatus = (id: bigint, status: string) =>
    sql`update holds set status = ${status}, resolved_at = now() where id = ${id}`;

  it('lets a pending hold be voided, and refuses every change after that', async () => {
    const { hold } = await pendingHold();
    await voidHold(database.db, { holdId: hold.id, now });
    expect(await getHold(database.db, hold.id)).toMatchObject({ status: 'voided' });
    const resolved = { code: holdResolved, message: expect.stringContaining('already voided') };
    await expectRefused(
      database.db,
      sql`update holds set status = 'pending', resolved_at = null where id = ${hold.id}`,
      resolved,
    );
    await expectRefused(database.db, setStatus(hold.id, 'voided'), resolved);
    await expectRefused(
      database.db,
      sql`update holds set status = 'posted', transfer_id = (select min(id) from transfers) where id = ${hold.id}`,
      resolved,
    );
  });

  it('lets a pending hold be posted, and refuses voiding it afterwards', async () => {
    const { accounts, hold } = await pendingHold();
    await postHold(database.db, {
      holdId: hold.id,
      transfer: payOut(accounts.fund, `guards:paid:${hold.id}`),
    });
    expect(await getHold(database.db, hold.id)).toMatchObject({ status: 'posted' });
    await expectRefused(
      database.db,
      sql`update holds set transfer_id = null where id = ${hold.id}`,
      {
        code: holdResolved,
        message: expect.stringContaining('already posted'),
      },
    );
    await expectRefused(database.db, setStatus(hold.id, 'voided'), {
      code: holdResolved,
      message: expect.stringContaining('already posted'),
    });
  });

  it('refuses a pending hold any status but posted or voided, and any other change', async () => {
    const { hold } = await pendingHold();
    await expectRefused(database.db, setStatus(hold.id, 'cancelled'), {
      code: holdResolved,
      message: expect.stringContaining('not cancelled'),
    });
    await expectRefused(database.db, sql`update holds set amount = 1 where id = ${hold.id}`, {
      code: holdResolved,
    });
    await expectRefused(
      database.db,
      sql`update holds set status = 'voided', resolved_at = now(), amount = 1 where id = ${hold.id}`,
      { code: holdResolved, message: expect.stringContaining('may only change its status') },
    );
    // The trigger allows pending -> voided; the row's shape must still match its status.
    await expectRefused(
      database.db,
      sql`update holds set status = 'voided' where id = ${hold.id}`,
      checkViolation('holds_status_consistent'),
    );
    await voidHold(database.db, { holdId: hold.id, now }); // releases `held` for reconciliation
  });

  it('refuses deleting or truncating holds', async () => {
    const { hold } = await pendingHold();
    await expectRefused(database.db, sql`delete from holds where id = ${hold.id}`, {
      code: holdResolved,
      message: expect.stringContaining('never deleted'),
    });
    await expectRefused(database.db, sql`truncate holds cascade`, {
      code: appendOnly,
      message: expect.stringContaining('holds is append-only, TRUNCATE refused'),
    });
    await voidHold(database.db, { holdId: hold.id, now });
  });

  it('refuses a hold written in an inconsistent shape or for nothing', async () => {
    const { accounts } = await insertLedgerTestMember(database.db, now);
    const insertHold = (amount: number, status: string) =>
      sql`insert into holds (account_id, amount, reference, status, created_at)
        values (${accounts.fund}, ${amount}, ${`guards:raw:${accounts.fund}:${status}`}, ${status}, now())`;
    await expectRefused(
      database.db,
      insertHold(10, 'posted'),
      checkViolation('holds_status_consistent'),
    );
    await expectRefused(
      database.db,
      insertHold(0, 'pending'),
      checkViolation('holds_amount_positive'),
    );
  });
});
