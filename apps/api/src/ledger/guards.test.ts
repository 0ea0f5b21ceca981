import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Executor } from '../db/client.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { expectReconciled, insertLedgerTestMember } from '../testing/ledger-assertions.ts';
import {
  findSqlState,
  getHouseAccountIds,
  type HouseAccountIds,
  LEDGER_SQLSTATE,
  placeHold,
  postTransfer,
  voidHold,
  withTransaction,
} from './index.ts';

// The database's own guarantees, exercised with hand-written SQL that bypasses the ledger code:
// these are what still hold if a module (or an operator at a psql prompt) gets it wrong.

const now = new Date('2025-03-01T10:00:00Z');
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

async function sqlStateOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    return findSqlState(error) ?? `no sqlstate: ${String(error)}`;
  }
  return undefined;
}

const exec = (executor: Executor, statement: ReturnType<typeof sql>) => executor.execute(statement);

describe('append-only postings and transfers', () => {
  it.each([
    ['update postings', sql`update postings set amount = amount * 2`],
    ['delete postings', sql`delete from postings`],
    ['truncate postings', sql`truncate postings cascade`],
    ['update transfers', sql`update transfers set kind = 'other'`],
    ['delete transfers', sql`delete from transfers`],
    ['truncate transfers', sql`truncate transfers cascade`],
  ])('refuses %s', async (_label, statement) => {
    expect(await sqlStateOf(() => exec(database.db, statement))).toBe(LEDGER_SQLSTATE.appendOnly);
    const error = await exec(database.db, statement).catch((e: unknown) => e);
    // The message names the rule, for whoever meets it at a psql prompt.
    expect(String((error as { cause?: Error }).cause?.message)).toMatch(
      /append-only.*reversing transfer/,
    );
  });
});

describe('balanced transfers, checked at commit', () => {
  const insertTransfer = (tx: Executor, reference: string) =>
    tx.execute(sql`insert into transfers (reference, kind, created_at)
      values (${reference}, 'test', now()) returning id`);

  it('lets the statements through but refuses the commit of an unbalanced transfer', async () => {
    let insideTransaction = false;
    const state = await sqlStateOf(() =>
      withTransaction(database.db, async (tx) => {
        await insertTransfer(tx, 'guards:unbalanced');
        await tx.execute(sql`insert into postings (transfer_id, account_id, amount, created_at) values
          (currval('transfers_id_seq'), ${house.deposits}, 5, now()),
          (currval('transfers_id_seq'), ${house.adjustments}, -4, now())`);
        insideTransaction = true; // the deferred trigger has not fired yet
      }),
    );
    expect(insideTransaction).toBe(true);
    expect(state).toBe(LEDGER_SQLSTATE.unbalancedTransfer);
    const rows = await database.db.execute(
      sql`select 1 from transfers where reference = 'guards:unbalanced'`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('refuses a transfer with no postings and one with a single posting', async () => {
    expect(
      await sqlStateOf(() =>
        withTransaction(database.db, (tx) => insertTransfer(tx, 'guards:empty')),
      ),
    ).toBe(LEDGER_SQLSTATE.unbalancedTransfer);
    expect(
      await sqlStateOf(() =>
        withTransaction(database.db, async (tx) => {
          await insertTransfer(tx, 'guards:single');
          await tx.execute(sql`insert into postings (transfer_id, account_id, amount, created_at) values
            (currval('transfers_id_seq'), ${house.deposits}, 1, now())`);
        }),
      ),
    ).toBe(LEDGER_SQLSTATE.unbalancedTransfer);
  });

  it('refuses postings added later to an existing transfer when they unbalance it', async () => {
    expect(
      await sqlStateOf(() =>
        database.db.execute(sql`insert into postings (transfer_id, account_id, amount, created_at)
          values (${transferId}, ${house.feeRevenue}, 3, now())`),
      ),
    ).toBe(LEDGER_SQLSTATE.unbalancedTransfer);
  });

  it('accepts a balanced hand-written transfer (the trigger is not refusing everything)', async () => {
    await withTransaction(database.db, async (tx) => {
      await insertTransfer(tx, 'guards:balanced');
      await tx.execute(sql`insert into postings (transfer_id, account_id, amount, created_at) values
        (currval('transfers_id_seq'), ${house.deposits}, 5, now()),
        (currval('transfers_id_seq'), ${house.adjustments}, -5, now())`);
    });
  });

  it('refuses postings to a missing transfer or account (foreign keys)', async () => {
    expect(
      await sqlStateOf(() =>
        database.db.execute(sql`insert into postings (transfer_id, account_id, amount, created_at)
          values (${transferId}, 987654321, 3, now())`),
      ),
    ).toBe('23503');
  });
});

describe('holds resolve once', () => {
  it('refuses a second status change, any other change, and deletion', async () => {
    const { accounts } = await insertLedgerTestMember(database.db, now);
    await postTransfer(database.db, {
      reference: `guards:fund:${accounts.fund}`,
      kind: 'test',
      lines: [
        { accountId: accounts.fund, amount: 100n },
        { accountId: house.deposits, amount: -100n },
      ],
      now,
    });
    const { hold } = await placeHold(database.db, {
      accountId: accounts.fund,
      amount: 40n,
      reference: `guards:hold:${accounts.fund}`,
      now,
    });
    expect(
      await sqlStateOf(() =>
        database.db.execute(sql`update holds set amount = 1 where id = ${hold.id}`),
      ),
    ).toBe(LEDGER_SQLSTATE.holdResolved);
    expect(
      await sqlStateOf(() => database.db.execute(sql`delete from holds where id = ${hold.id}`)),
    ).toBe(LEDGER_SQLSTATE.holdResolved);
    await voidHold(database.db, { holdId: hold.id, now });
    expect(
      await sqlStateOf(() =>
        database.db.execute(
          sql`update holds set status = 'pending', resolved_at = null where id = ${hold.id}`,
        ),
      ),
    ).toBe(LEDGER_SQLSTATE.holdResolved);
    expect(
      await sqlStateOf(() =>
        database.db.execute(sql`update holds set resolved_at = now() where id = ${hold.id}`),
      ),
    ).toBe(LEDGER_SQLSTATE.holdResolved);
  });
});

describe('accounts', () => {
  it('refuses a member balance below held or below zero, and a cached house balance', async () => {
    const { accounts } = await insertLedgerTestMember(database.db, now);
    expect(
      await sqlStateOf(() =>
        database.db.execute(sql`update accounts set balance = -1 where id = ${accounts.fund}`),
      ),
    ).toBe('23514');
    expect(
      await sqlStateOf(() =>
        database.db.execute(sql`update accounts set held = 1 where id = ${accounts.fund}`),
      ),
    ).toBe('23514');
    expect(
      await sqlStateOf(() =>
        database.db.execute(sql`update accounts set balance = 1 where id = ${house.deposits}`),
      ),
    ).toBe('23514');
  });

  it('refuses changing an account identity or deleting it', async () => {
    const { accounts } = await insertLedgerTestMember(database.db, now);
    expect(
      await sqlStateOf(() =>
        database.db.execute(sql`update accounts set kind = 'profit' where id = ${accounts.fund}`),
      ),
    ).toBe(LEDGER_SQLSTATE.accountIdentity);
    expect(
      await sqlStateOf(() =>
        database.db.execute(sql`delete from accounts where id = ${accounts.compounding}`),
      ),
    ).toBe(LEDGER_SQLSTATE.accountIdentity);
  });
});
