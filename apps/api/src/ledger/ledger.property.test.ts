import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, Tx } from '../db/client.ts';
import { accounts } from '../db/schema/ledger.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { insertLedgerTestMember } from '../testing/ledger-assertions.ts';
import { assertProperty } from '../testing/properties.ts';
import {
  adjustMemberBalance,
  getHouseAccountIds,
  getHouseBalances,
  getMemberBalances,
  HOUSE_ACCOUNTS,
  type HouseAccountIds,
  LedgerError,
  MEMBER_WALLETS,
  placeHold,
  postHold,
  postTransfer,
  reconcile,
  type Reconciliation,
  voidHold,
  withTransaction,
} from './index.ts';
import { LedgerModel, type Outcome } from './ledger-model.ts';

// Random sequences of ledger operations (transfers among member and house accounts with amounts
// often above what is available, holds placed / posted / voided, operator adjustments, replays of
// references from a small pool) run against the real ledger on PGlite and against LedgerModel.
// After every step: same outcome, same balances and held, conservation, no negative available,
// and reconcile() ok. Replay a failure with the seed (and path) printed in the error:
//   LEDGER_PROPERTY_SEED=<seed> [LEDGER_PROPERTY_PATH=<path>] npx vitest run --project api ledger.property
// LEDGER_PROPERTY_RUNS raises the number of sequences (default keeps this file near 20 s).

const now = new Date('2025-03-01T10:00:00Z');
const HOUSE_NAMES = [
  'deposits',
  'withdrawals',
  'packagePrincipal',
  'profitExpense',
  'adjustments',
] as const;

const amount = fc.bigInt({ min: -400n, max: 400n });
const pick = fc.nat({ max: 1_000 });
const reference = fc.nat({ max: 15 }); // a small pool, so references are often replayed

const operation = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('deposit' as const),
      to: pick,
      amount: fc.bigInt({ min: 1n, max: 600n }),
      ref: reference,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('transfer' as const),
      legs: fc.array(fc.record({ account: pick, amount: amount.filter((a) => a !== 0n) }), {
        minLength: 1,
        maxLength: 3,
      }),
      counter: pick,
      balanced: fc.nat({ max: 9 }).map((n) => n > 0), // nine in ten get a balancing line
      ref: reference,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('hold' as const),
      on: pick,
      amount: fc.bigInt({ min: 1n, max: 400n }),
      ref: reference,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('post' as const), hold: pick, ref: reference }),
  },
  fc.record({ type: fc.constant('void' as const), hold: pick }),
  fc.record({
    type: fc.constant('adjust' as const),
    member: pick,
    wallet: pick,
    amount,
    ref: reference,
  }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

let database: Database;
let house: HouseAccountIds;
let runCounter = 0;

beforeAll(async () => {
  database = await createPgliteTestDatabase();
  house = await getHouseAccountIds(database.db);
});
afterAll(() => database.close());

async function runLedger(fn: (tx: Tx) => Promise<{ status: string }>): Promise<Outcome> {
  try {
    return (await withTransaction(database.db, fn)).status;
  } catch (error) {
    if (error instanceof LedgerError) return error.code;
    throw error;
  }
}

it('agrees with a plain in-memory model after every step of random operation sequences', async () => {
  const property = fc.asyncProperty(
    fc.array(operation, { minLength: 1, maxLength: 40, size: 'max' }),
    async (ops) => {
      runCounter += 1;
      const tag = `p${runCounter}`;
      const owners = [
        await insertLedgerTestMember(database.db, now),
        await insertLedgerTestMember(database.db, now),
      ];
      const memberAccounts = owners.flatMap((owner) =>
        MEMBER_WALLETS.map((wallet) => owner.accounts[wallet]),
      );
      const houseAccounts = HOUSE_NAMES.map((name) => house[name]);
      const everyAccount = [...memberAccounts, ...houseAccounts];
      const model = new LedgerModel();
      const houseStart = await getHouseBalances(database.db);
      // Runs share one database (a fresh PGlite per run costs seconds). Each run uses fresh member
      // accounts and compares reconcile() with its state at the start, so that while fast-check
      // shrinks a failure, damage left by the failing run does not fail the smaller runs too.
      // Passing runs leave the ledger reconciled, so every baseline of a passing property is ok.
      const baseline = await reconcile(database.db);
      if (runCounter === 1) expect(baseline.ok).toBe(true);
      const houseCodes = new Map<bigint, string>();
      for (const id of memberAccounts) model.addAccount(id, true);
      for (const name of HOUSE_NAMES) {
        houseCodes.set(house[name], HOUSE_ACCOUNTS[name]);
        model.addAccount(house[name], false, houseStart.get(HOUSE_ACCOUNTS[name]) ?? 0n);
      }
      const holdIds: bigint[] = [];

      for (const op of ops) {
        const memberIds = owners.map((owner) => owner.memberId);
        const expected = await step(op, {
          tag,
          model,
          memberIds,
          memberAccounts,
          everyAccount,
          holdIds,
        });
        if (expected === null) continue;
        const [modelOutcome, ledgerOutcome] = expected;
        expect(
          ledgerOutcome,
          JSON.stringify(op, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)),
        ).toBe(modelOutcome);
        await expectAgreement(model, memberAccounts, houseCodes, baseline);
      }
      const balances = await getMemberBalances(database.db, owners[0]!.memberId);
      expect(balances.fund.balance).toBe(model.accounts.get(owners[0]!.accounts.fund)?.balance);
    },
  );

  await assertProperty(property, { name: 'LEDGER_PROPERTY', runs: 30, timeLimitMs: 120_000 });
}, 180_000);

type Context = {
  tag: string;
  model: LedgerModel;
  memberIds: string[];
  memberAccounts: bigint[];
  everyAccount: bigint[];
  holdIds: bigint[];
};

/** Runs one operation on both sides; null when it does not apply (e.g. no hold yet). */
async function step(op: Operation, c: Context): Promise<[Outcome, Outcome] | null> {
  const ref = (n: number) => `${c.tag}:r${n}`;
  switch (op.type) {
    case 'deposit': {
      const lines = [
        { accountId: at(c.memberAccounts, op.to), amount: op.amount },
        { accountId: house.deposits, amount: -op.amount },
      ];
      return both(c.model.transfer(ref(op.ref), lines, 'deposit'), (tx) =>
        postTransfer(tx, { reference: ref(op.ref), kind: 'deposit', lines, now }),
      );
    }
    case 'transfer': {
      const lines: { accountId: bigint; amount: bigint }[] = op.legs.map((leg) => ({
        accountId: at(c.everyAccount, leg.account),
        amount: leg.amount,
      }));
      const sum = lines.reduce((total, line) => total + line.amount, 0n);
      // Usually balance the legs through a counter-account; sometimes leave them as they are
      // (then both sides must refuse when they do not sum to zero or repeat an account).
      if (op.balanced) {
        const unused = c.everyAccount.filter((id) => !lines.some((line) => line.accountId === id));
        lines.push({ accountId: at(unused, op.counter), amount: -sum });
      }
      return both(c.model.transfer(ref(op.ref), lines, 'transfer'), (tx) =>
        postTransfer(tx, { reference: ref(op.ref), kind: 'transfer', lines, now }),
      );
    }
    case 'hold': {
      const accountId = at(c.memberAccounts, op.on);
      const holdRef = `${c.tag}:h${op.ref}`;
      const modelOutcome = c.model.placeHold(accountId, op.amount, holdRef);
      const result = await runLedgerWithHold(c, (tx) =>
        placeHold(tx, { accountId, amount: op.amount, reference: holdRef, now }),
      );
      return [modelOutcome, result];
    }
    case 'post': {
      if (c.holdIds.length === 0) return null;
      const index = op.hold % c.holdIds.length;
      const holdId = c.holdIds[index]!;
      const hold = c.model.holds[index]!;
      const lines = [
        { accountId: hold.accountId, amount: -hold.amount },
        { accountId: house.withdrawals, amount: hold.amount },
      ];
      return both(c.model.postHold(index, ref(op.ref), house.withdrawals), (tx) =>
        postHold(tx, {
          holdId,
          transfer: { reference: ref(op.ref), kind: 'withdrawal', lines, now },
        }),
      );
    }
    case 'void': {
      if (c.holdIds.length === 0) return null;
      const index = op.hold % c.holdIds.length;
      return both(c.model.voidHold(index), (tx) =>
        voidHold(tx, { holdId: c.holdIds[index]!, now }),
      );
    }
    case 'adjust': {
      const memberIndex = op.member % 2;
      const wallet = MEMBER_WALLETS[op.wallet % 3]!;
      const accountId = c.memberAccounts[memberIndex * 3 + (op.wallet % 3)]!;
      const lines = [
        { accountId, amount: op.amount },
        { accountId: house.adjustments, amount: -op.amount },
      ];
      const memberId = c.memberIds[memberIndex]!;
      return both(c.model.transfer(ref(op.ref), lines, 'adjustment', memberId), (tx) =>
        adjustMemberBalance(tx, {
          memberId,
          wallet,
          amount: op.amount,
          reference: ref(op.ref),
          reason: 'property test',
          now,
        }),
      );
    }
  }
}

async function both(
  modelOutcome: Outcome,
  fn: (tx: Tx) => Promise<{ status: string }>,
): Promise<[Outcome, Outcome]> {
  return [modelOutcome, await runLedger(fn)];
}

async function runLedgerWithHold(
  c: Context,
  fn: (tx: Tx) => ReturnType<typeof placeHold>,
): Promise<Outcome> {
  try {
    const result = await withTransaction(database.db, fn);
    if (result.status === 'placed') c.holdIds.push(result.hold.id);
    return result.status;
  } catch (error) {
    if (error instanceof LedgerError) return error.code;
    throw error;
  }
}

function at<T>(list: readonly T[], index: number): T {
  return list[index % list.length]!;
}

async function expectAgreement(
  model: LedgerModel,
  memberAccounts: bigint[],
  houseCodes: Map<bigint, string>,
  baseline: Reconciliation,
) {
  const rows = await database.db
    .select({ id: accounts.id, balance: accounts.balance, held: accounts.held })
    .from(accounts)
    .where(inArray(accounts.id, memberAccounts));
  for (const row of rows) {
    const expected = model.accounts.get(row.id);
    expect({ id: row.id, balance: row.balance, held: row.held }).toEqual({
      id: row.id,
      balance: expected?.balance,
      held: expected?.held,
    });
    expect(row.balance - row.held).toBeGreaterThanOrEqual(0n);
  }
  const houseBalances = await getHouseBalances(database.db);
  for (const [id, code] of houseCodes) {
    expect({ code, balance: houseBalances.get(code) }).toEqual({
      code,
      balance: model.accounts.get(id)?.balance,
    });
  }
  const report = await reconcile(database.db);
  // Conservation (all postings sum to 0), cached balances, held and transfer balance all unchanged.
  expect(report).toEqual(baseline);
}
