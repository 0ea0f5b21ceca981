import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Executor } from '../db/client.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { expectReconciled, insertLedgerTestMember } from '../testing/ledger-assertions.ts';
import { checkViolation, expectRefused, selectRows } from '../testing/ledger-refusals.ts';
import {
  getHouseAccountIds,
  type HouseAccountIds,
  LEDGER_SQLSTATE,
  postTransfer,
  withTransaction,
} from './index.ts';

// The database's own guarantees, exercised with hand-written SQL that bypasses the ledger code:
// these are what still hold if a module (or an operator at a psql prompt) gets it wrong. Holds
// have their own file, hold-guards.test.ts.

const now = new Date('2025-03-01T10:00:00Z');
const { appendOnly, unbalancedTransfer, accountIdentity } = LEDGER_SQLSTATE;
let database: Database;
let house: HouseAccountIds;
let transferId: bigint;

beforeAll(async () => {
  database = await createPgliteTestDatabase();
  house = await getHouseAccountIds(database.db);
  const result = await postTransfer(database.db, {
    reference: 'guards:seed',
    kind: 'test',
    lines: [
      { accountId: house.deposits, amount: -10n },
      { accountId: house.adjustments, amount: 10n },
    ],
    now,
  });
  transferId = result.transferId;
});
afterAll(async () => {
  await expectReconciled(database.db);
  await database.close();
});

describe('append-only postings and transfers', () => {
  it.each([
    ['update', 'postings', sql`update postings set amount = amount * 2`],
    ['delete', 'postings', sql`delete from postings`],
    ['truncate', 'postings', sql`truncate postings cascade`],
    ['update', 'transfers', sql`update transfers set kind = 'other'`],
    ['delete', 'transfers', sql`delete from transfers`],
    // Cascading reaches postings too; the message says whose trigger refused it first.
    ['truncate', 'transfers', sql`truncate transfers cascade`],
  ])('refuses %s on %s', async (operation, table, statement) => {
    // The message names the rule, for whoever meets it at a psql prompt.
    await expectRefused(database.db, statement, {
      code: appendOnly,
      message: expect.stringMatching(
        new RegExp(`${table} is append-only, ${operation} refused.*reversing transfer`, 'i'),
      ),
    });
  });
});

describe('balanced transfers, checked at commit', () => {
  const insertTransfer = (tx: Executor, reference: string) =>
    tx.execute(sql`insert into transfers (reference, kind, created_at)
      values (${reference}, 'test', now()) returning id`);
  const insertPostings = (tx: Executor, ...amounts: number[]) =>
    tx.execute(sql`insert into postings (transfer_id, account_id, amount, created_at)
      select currval('transfers_id_seq'), ${house.adjustments}, amount, now()
      from unnest(${`{${amounts.join(',')}}`}::bigint[]) as amount`);

  it('lets the statements through but refuses the commit of an unbalanced transfer', async () => {
    let isInsideTransaction = false;
    await expectRefused(
      database.db,
      () =>
        withTransaction(database.db, async (tx) => {
          await insertTransfer(tx, 'guards:unbalanced');
          await insertPostings(tx, 5, -4);
          isInsideTransaction = true; // the deferred trigger has not fired yet
        }),
      { code: unbalancedTransfer, message: expect.stringContaining('2 postings summing to 1') },
    );
    expect(isInsideTransaction).toBe(true);
  });

  it('refuses a transfer with no postings and one with a single posting', async () => {
    await expectRefused(
      database.db,
      () => withTransaction(database.db, (tx) => insertTransfer(tx, 'guards:empty')),
      { code: unbalancedTransfer, message: expect.stringContaining('0 postings') },
    );
    await expectRefused(
      database.db,
      () =>
        withTransaction(database.db, async (tx) => {
          await insertTransfer(tx, 'guards:single');
          await insertPostings(tx, 1);
        }),
      { code: unbalancedTransfer, message: expect.stringContaining('1 postings') },
    );
  });

  it('refuses postings added later to an existing transfer when they unbalance it', async () => {
    await expectRefused(
      database.db,
      sql`insert into postings (transfer_id, account_id, amount, created_at)
        values (${transferId}, ${house.feeRevenue}, 3, now())`,
      { code: unbalancedTransfer, message: expect.stringContaining(`transfer ${transferId} `) },
    );
  });

  it('refuses a zero posting even inside a balanced transfer', async () => {
    await expectRefused(
      database.db,
      () =>
        withTransaction(database.db, async (tx) => {
          await insertTransfer(tx, 'guards:zero-line');
          await insertPostings(tx, 5, -5, 0);
        }),
      checkViolation('postings_amount_not_zero'),
    );
  });

  it('accepts a balanced hand-written transfer (the trigger is not refusing everything)', async () => {
    await withTransaction(database.db, async (tx) => {
      await insertTransfer(tx, 'guards:balanced');
      await insertPostings(tx, 5, -5);
    });
    const postings = await selectRows(
      database.db,
      sql`select p.amount::text from postings p join transfers t on t.id = p.transfer_id
        where t.reference = 'guards:balanced' order by p.amount`,
    );
    expect(postings).toEqual([{ amount: '-5' }, { amount: '5' }]);
  });

  it('refuses postings to a missing account (foreign key)', async () => {
    await expectRefused(
      database.db,
      sql`insert into postings (transfer_id, account_id, amount, created_at)
        values (${transferId}, 987654321, 3, now())`,
      { code: '23503', constraint: 'postings_account_id_accounts_id_fk' },
    );
  });
});

describe('accounts', () => {
  it('refuses a member balance below zero or below what is held, and a negative hold', async () => {
    const { accounts } = await insertLedgerTestMember(database.db, now);
    const notNegative = checkViolation('accounts_member_not_negative');
    await expectRefused(
      database.db,
      sql`update accounts set balance = -1 where id = ${accounts.fund}`,
      notNegative,
    );
    await expectRefused(
      database.db,
      sql`update accounts set held = 1 where id = ${accounts.fund}`,
      notNegative,
    );
    await expectRefused(
      database.db,
      sql`update accounts set held = -1 where id = ${accounts.fund}`,
      notNegative,
    );
  });

  it('refuses a cached balance on a house account', async () => {
    const uncached = checkViolation('accounts_house_uncached');
    await expectRefused(
      database.db,
      sql`update accounts set balance = 1 where id = ${house.deposits}`,
      uncached,
    );
    await expectRefused(
      database.db,
      sql`update accounts set held = 1 where id = ${house.deposits}`,
      uncached,
    );
  });

  it('refuses a member kind without a member, and a house kind with one', async () => {
    const { memberId } = await insertLedgerTestMember(database.db, now);
    const kindValid = checkViolation('accounts_kind_valid');
    await expectRefused(
      database.db,
      sql`insert into accounts (kind, created_at) values ('fund', now())`,
      kindValid,
    );
    await expectRefused(
      database.db,
      sql`insert into accounts (member_id, kind, created_at) values (${memberId}, 'house:deposits', now())`,
      kindValid,
    );
  });

  it('refuses changing an account identity or deleting it', async () => {
    const { accounts } = await insertLedgerTestMember(database.db, now);
    const { memberId: otherMember } = await insertLedgerTestMember(database.db, now);
    const identity = { code: accountIdentity };
    await expectRefused(
      database.db,
      sql`update accounts set kind = 'profit' where id = ${accounts.fund}`,
      identity,
    );
    await expectRefused(
      database.db,
      sql`update accounts set member_id = ${otherMember} where id = ${accounts.fund}`,
      identity,
    );
    await expectRefused(database.db, sql`delete from accounts where id = ${accounts.compounding}`, {
      code: accountIdentity,
      message: expect.stringContaining('never deleted'),
    });
  });
});
