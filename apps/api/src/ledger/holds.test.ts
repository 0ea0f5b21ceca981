import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { transfers } from '../db/schema/ledger.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { expectReconciled, insertFundedLedgerMember } from '../testing/ledger-assertions.ts';
import {
  getHold,
  getHouseAccountIds,
  getMemberBalances,
  HoldAlreadyResolvedError,
  HoldNotFoundError,
  type HouseAccountIds,
  InsufficientFundsError,
  InvalidTransferError,
  placeHold,
  postHold,
  postTransfer,
  ReferenceInUseError,
  voidHold,
  withTransaction,
} from './index.ts';

const now = new Date('2025-03-01T10:00:00Z');
const later = new Date('2025-03-02T10:00:00Z');
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

const memberWithFund = (amount: bigint) => insertFundedLedgerMember(database.db, amount, now);

/** A withdrawal paid out: 95 to the chain, 5 fee, 100 from the member's held fund. */
function payout(accountId: bigint, reference: string, amount = 100n) {
  return {
    reference,
    kind: 'withdrawal',
    lines: [
      { accountId, amount: -amount },
      { accountId: house.withdrawals, amount: amount - 5n },
      { accountId: house.feeRevenue, amount: 5n },
    ],
    now: later,
  };
}

describe('placeHold', () => {
  it('reserves available balance without moving the balance', async () => {
    const { memberId, accounts } = await memberWithFund(150n);
    const result = await placeHold(database.db, {
      accountId: accounts.fund,
      amount: 100n,
      reference: `w:${memberId}`,
      now,
    });
    expect(result.status).toBe('placed');
    expect(result.hold).toMatchObject({
      status: 'pending',
      amount: 100n,
      accountId: accounts.fund,
    });
    expect((await getMemberBalances(database.db, memberId)).fund).toEqual({
      balance: 150n,
      held: 100n,
      available: 50n,
    });
    // What is held cannot be spent by a transfer either.
    await expect(
      postTransfer(database.db, {
        reference: `spend:${memberId}`,
        kind: 'test',
        lines: [
          { accountId: accounts.fund, amount: -51n },
          { accountId: house.packagePrincipal, amount: 51n },
        ],
        now,
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await expectReconciled(database.db);
  });

  it('refuses more than available and writes nothing', async () => {
    const { memberId, accounts } = await memberWithFund(99n);
    const reference = `w:${memberId}`;
    await expect(
      placeHold(database.db, { accountId: accounts.fund, amount: 100n, reference, now }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', requested: 100n, available: 99n });
    // The reference stays free: a later, affordable hold may use it.
    const retry = await placeHold(database.db, {
      accountId: accounts.fund,
      amount: 99n,
      reference,
      now,
    });
    expect(retry.status).toBe('placed');
  });

  it('returns the existing hold for a replayed reference without reserving twice', async () => {
    const { memberId, accounts } = await memberWithFund(300n);
    const input = { accountId: accounts.fund, amount: 100n, reference: `w:${memberId}`, now };
    const first = await placeHold(database.db, input);
    const second = await placeHold(database.db, input);
    expect(second).toEqual({ status: 'duplicate', hold: first.hold });
    expect((await getMemberBalances(database.db, memberId)).fund.held).toBe(100n);
  });

  it('refuses holds on house accounts and non-positive amounts', async () => {
    await expect(
      placeHold(database.db, { accountId: house.deposits, amount: 1n, reference: 'w:house', now }),
    ).rejects.toBeInstanceOf(InvalidTransferError);
    const { accounts } = await memberWithFund(5n);
    await expect(
      placeHold(database.db, { accountId: accounts.fund, amount: 0n, reference: 'w:zero', now }),
    ).rejects.toBeInstanceOf(InvalidTransferError);
  });
});

describe('postHold and voidHold', () => {
  it('posts a hold once: releases held, debits the balance, pays the house', async () => {
    const { memberId, accounts } = await memberWithFund(250n);
    const { hold } = await placeHold(database.db, {
      accountId: accounts.fund,
      amount: 100n,
      reference: `w:${memberId}`,
      now,
    });
    const posted = await postHold(database.db, {
      holdId: hold.id,
      transfer: payout(accounts.fund, `paid:${hold.id}`),
    });
    expect(posted.status).toBe('posted');
    expect(posted.hold).toMatchObject({
      status: 'posted',
      transferId: posted.transferId,
      resolvedAt: later,
    });
    expect((await getMemberBalances(database.db, memberId)).fund).toEqual({
      balance: 150n,
      held: 0n,
      available: 150n,
    });

    // Replaying the same payout answers already-posted and changes nothing.
    const replay = await postHold(database.db, {
      holdId: hold.id,
      transfer: payout(accounts.fund, `paid:${hold.id}`),
    });
    expect(replay).toMatchObject({ status: 'already-posted', transferId: posted.transferId });
    // A different payout or a void of a posted hold is refused.
    await expect(
      postHold(database.db, {
        holdId: hold.id,
        transfer: payout(accounts.fund, `paid-again:${hold.id}`),
      }),
    ).rejects.toBeInstanceOf(HoldAlreadyResolvedError);
    await expect(voidHold(database.db, { holdId: hold.id, now })).rejects.toBeInstanceOf(
      HoldAlreadyResolvedError,
    );
    const paid = await database.db
      .select()
      .from(transfers)
      .where(eq(transfers.reference, `paid-again:${hold.id}`));
    expect(paid).toHaveLength(0);
    expect((await getMemberBalances(database.db, memberId)).fund.balance).toBe(150n);
    await expectReconciled(database.db);
  });

  it('voids a hold once and refuses to post it afterwards', async () => {
    const { memberId, accounts } = await memberWithFund(100n);
    const { hold } = await placeHold(database.db, {
      accountId: accounts.fund,
      amount: 100n,
      reference: `w:${memberId}`,
      now,
    });
    expect((await voidHold(database.db, { holdId: hold.id, now: later })).status).toBe('voided');
    expect((await voidHold(database.db, { holdId: hold.id, now: later })).status).toBe(
      'already-voided',
    );
    await expect(
      postHold(database.db, {
        holdId: hold.id,
        transfer: payout(accounts.fund, `paid:${hold.id}`),
      }),
    ).rejects.toBeInstanceOf(HoldAlreadyResolvedError);
    expect((await getMemberBalances(database.db, memberId)).fund).toEqual({
      balance: 100n,
      held: 0n,
      available: 100n,
    });
    expect(await getHold(database.db, hold.id)).toMatchObject({
      status: 'voided',
      resolvedAt: later,
    });
    await expectReconciled(database.db);
  });

  it('refuses a payout that does not debit exactly the held amount', async () => {
    const { memberId, accounts } = await memberWithFund(500n);
    const { hold } = await placeHold(database.db, {
      accountId: accounts.fund,
      amount: 100n,
      reference: `w:${memberId}`,
      now,
    });
    await expect(
      postHold(database.db, {
        holdId: hold.id,
        transfer: payout(accounts.fund, `paid:${hold.id}`, 120n),
      }),
    ).rejects.toBeInstanceOf(InvalidTransferError);
    expect((await getHold(database.db, hold.id))?.status).toBe('pending');
  });

  it('refuses a payout whose reference belongs to another transfer, leaving the hold pending', async () => {
    const { memberId, accounts } = await memberWithFund(500n);
    const { hold } = await placeHold(database.db, {
      accountId: accounts.fund,
      amount: 100n,
      reference: `w:${memberId}`,
      now,
    });
    await expect(
      postHold(database.db, {
        holdId: hold.id,
        transfer: payout(accounts.fund, `deposit:${memberId}`),
      }),
    ).rejects.toBeInstanceOf(ReferenceInUseError);
    expect((await getHold(database.db, hold.id))?.status).toBe('pending');
    expect((await getMemberBalances(database.db, memberId)).fund.held).toBe(100n);
  });

  it('reports a missing hold', async () => {
    await expect(voidHold(database.db, { holdId: 123_456_789n, now })).rejects.toBeInstanceOf(
      HoldNotFoundError,
    );
  });

  it('rolls the resolution back with the caller transaction', async () => {
    const { memberId, accounts } = await memberWithFund(100n);
    const { hold } = await placeHold(database.db, {
      accountId: accounts.fund,
      amount: 60n,
      reference: `w:${memberId}`,
      now,
    });
    await expect(
      withTransaction(database.db, async (tx) => {
        await postHold(tx, {
          holdId: hold.id,
          transfer: payout(accounts.fund, `paid:${hold.id}`, 60n),
        });
        throw new Error('the payout provider refused');
      }),
    ).rejects.toThrow('refused');
    expect((await getHold(database.db, hold.id))?.status).toBe('pending');
    expect((await getMemberBalances(database.db, memberId)).fund).toEqual({
      balance: 100n,
      held: 60n,
      available: 40n,
    });
    await expectReconciled(database.db);
  });
});
