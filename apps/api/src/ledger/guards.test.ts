import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Executor } from '../db/client.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import {
  expectReconciled,
  insertFundedLedgerMember,
  insertLedgerTestMember,
} from '../testing/ledger-assertions.ts';
import { checkViolation, expectRefused, selectRows } from '../testing/ledger-refusals.ts';
import {
  getHold,
  getHouseAccountIds,
  type HouseAccountIds,
  LEDGER_SQLSTATE,
  placeHold,
  postHold,
  postTransfer,
  voidHold,
  withTransaction,
} from './index.ts';

// The database's own guarantees, exercised with hand-written SQL that bypasses the ledger code:
// these are what still hold if a module (or an operator at a psql prompt) gets it wrong. Each
// refusal names its guard (testing/ledger-refusals.ts), so dropping any one trigger or CHECK
// from the migrations fails a test here.

const now = new Date('2025-03-01T10:00:00Z');
const { appendOnly, unbalancedTransfer, holdResolved, accountIdentity } = LEDGER_SQLSTATE;
let database: Database;
let house: HouseAccountIds;
let transferId: bigint;

beforeAll(async () => {
  // The owner: these writes are what the request role may not even attempt (decision 0030).
  database = await createPgliteTestDatabase({ actAs: 'owner' });
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

describe('holds: pending, then posted or voided, once', () => {
  /** A member's hold of 40 on a fund wallet of 100, left pending or resolved as asked. */
  async function holdThatIs(state: 'pending' | 'voided' | 'posted') {
    const { memberId, accounts } = await insertFundedLedgerMember(database.db, 100n, now);
    const { hold } = await placeHold(database.db, {
      accountId: accounts.fund,
      amount: 40n,
      reference: `guards:hold:${memberId}`,
      now,
    });
    if (state === 'voided') await voidHold(database.db, { holdId: hold.id, now });
    if (state === 'posted') {
      const lines = [
        { accountId: accounts.fund, amount: -40n },
        { accountId: house.withdrawals, amount: 40n },
      ];
      const transfer = { reference: `guards:paid:${hold.id}`, kind: 'test', lines, now };
      await postHold(database.db, { holdId: hold.id, transfer });
    }
    expect(await getHold(database.db, hold.id)).toMatchObject({ status: state });
    return { holdId: hold.id, accountId: accounts.fund };
  }
  const resolved = (state: string) => ({
    code: holdResolved,
    message: expect.stringContaining(`already ${state}`),
  });

  it.each([
    ['voided', 'back to pending', sql`status = 'pending', resolved_at = null`, resolved('voided')],
    ['voided', 'to voided again', sql`status = 'voided', resolved_at = now()`, resolved('voided')],
    ['voided', 'to posted', sql`status = 'posted', transfer_id = 1`, resolved('voided')],
    ['posted', 'to voided', sql`status = 'voided', transfer_id = null`, resolved('posted')],
    ['posted', 'in its transfer', sql`transfer_id = null`, resolved('posted')],
    [
      'pending',
      'to a status not posted or voided',
      sql`status = 'cancelled', resolved_at = now()`,
      { code: holdResolved, message: expect.stringContaining('not cancelled') },
    ],
    ['pending', 'in its amount', sql`amount = 1`, { code: holdResolved }],
    [
      'pending',
      'in its amount while resolving',
      sql`status = 'voided', resolved_at = now(), amount = 1`,
      { code: holdResolved, message: expect.stringContaining('may only change its status') },
    ],
    // The trigger lets pending -> voided through; the row must still match its status.
    [
      'pending',
      'to voided without a time',
      sql`status = 'voided'`,
      checkViolation('holds_status_consistent'),
    ],
  ] as const)('refuses a %s hold changed %s', async (state, _change, assignments, refusal) => {
    const { holdId } = await holdThatIs(state);
    await expectRefused(
      database.db,
      sql`update holds set ${assignments} where id = ${holdId}`,
      refusal,
    );
  });

  it('refuses deleting or truncating holds', async () => {
    const { holdId } = await holdThatIs('pending');
    await expectRefused(database.db, sql`delete from holds where id = ${holdId}`, {
      code: holdResolved,
      message: expect.stringContaining('never deleted'),
    });
    await expectRefused(database.db, sql`truncate holds cascade`, {
      code: appendOnly,
      message: expect.stringContaining('holds is append-only, TRUNCATE refused'),
    });
  });

  it('refuses a hold written in an inconsistent shape or for nothing', async () => {
    const { accountId } = await holdThatIs('pending');
    const insertHold = (amount: number, status: string) =>
      sql`insert into holds (account_id, amount, reference, status, created_at)
        values (${accountId}, ${amount}, ${`guards:raw:${accountId}:${status}`}, ${status}, now())`;
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

describe('accounts', () => {
  const notNegative = checkViolation('accounts_member_not_negative');
  const uncached = checkViolation('accounts_house_uncached');
  const kindValid = checkViolation('accounts_kind_valid');

  it.each([
    ['a member balance below zero', 'fund', sql`balance = -1`, notNegative],
    ['a member hold above the balance', 'fund', sql`held = 1`, notNegative],
    ['a negative hold', 'fund', sql`held = -1`, notNegative],
    ['a cached house balance', 'house', sql`balance = 1`, uncached],
    ['a cached house hold', 'house', sql`held = 1`, uncached],
    ['a new kind', 'fund', sql`kind = 'profit'`, { code: accountIdentity }],
  ] as const)('refuses %s', async (_label, account, assignments, refusal) => {
    const { accounts } = await insertLedgerTestMember(database.db, now);
    const id = account === 'house' ? house.deposits : accounts.fund;
    await expectRefused(
      database.db,
      sql`update accounts set ${assignments} where id = ${id}`,
      refusal,
    );
  });

  it('refuses a new owner for an account, and deleting one', async () => {
    const { accounts } = await insertLedgerTestMember(database.db, now);
    const { memberId: other } = await insertLedgerTestMember(database.db, now);
    await expectRefused(
      database.db,
      sql`update accounts set member_id = ${other} where id = ${accounts.fund}`,
      {
        code: accountIdentity,
      },
    );
    await expectRefused(database.db, sql`delete from accounts where id = ${accounts.compounding}`, {
      code: accountIdentity,
      message: expect.stringContaining('never deleted'),
    });
  });

  it('refuses a member kind without a member, and a house kind with one', async () => {
    const { memberId } = await insertLedgerTestMember(database.db, now);
    const insertAccount = (owner: string | null, kind: string) =>
      sql`insert into accounts (member_id, kind, created_at) values (${owner}, ${kind}, now())`;
    await expectRefused(database.db, insertAccount(null, 'fund'), kindValid);
    await expectRefused(database.db, insertAccount(memberId, 'house:deposits'), kindValid);
  });
});
