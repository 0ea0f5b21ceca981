import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { accounts, holds, transfers } from '../db/schema/ledger.ts';
import {
  HoldAlreadyResolvedError,
  HoldNotFoundError,
  InsufficientFundsError,
  InvalidTransferError,
  ReferenceInUseError,
  UnknownAccountError,
} from './errors.ts';
import { inTransaction } from './transaction.ts';
import { applyTransfer, type TransferInput, validateTransfer } from './transfers.ts';

// A hold reserves part of a member account (a pending withdrawal): `held` rises, the balance does
// not move, and available = balance - held falls. It ends exactly once: posted (the transfer that
// pays it out) or voided (the reservation is released). The holds_resolve_once trigger refuses any
// second change even if this code were wrong.

export type Hold = typeof holds.$inferSelect;

export type PlaceHoldInput = { accountId: bigint; amount: bigint; reference: string; now: Date };
export type PlaceHoldResult = { status: 'placed' | 'duplicate'; hold: Hold };

export type PostHoldInput = { holdId: bigint; transfer: TransferInput };
export type PostHoldResult = {
  status: 'posted' | 'already-posted';
  hold: Hold;
  transferId: bigint;
};

export type VoidHoldInput = { holdId: bigint; now: Date };
export type VoidHoldResult = { status: 'voided' | 'already-voided'; hold: Hold };

/** Reserves `amount` of a member account. A reference seen before returns that hold unchanged. */
export async function placeHold(
  executor: Executor,
  input: PlaceHoldInput,
): Promise<PlaceHoldResult> {
  if (typeof input.amount !== 'bigint' || input.amount <= 0n) {
    throw new InvalidTransferError(`hold ${input.reference}: the amount must be a positive bigint`);
  }
  if (!input.reference) throw new InvalidTransferError('a hold needs a reference');
  return inTransaction(executor, async (tx) => {
    const [created] = await tx
      .insert(holds)
      .values({
        accountId: input.accountId,
        amount: input.amount,
        reference: input.reference,
        status: 'pending',
        createdAt: input.now,
      })
      .onConflictDoNothing({ target: holds.reference })
      .returning();
    if (!created) {
      const [existing] = await tx.select().from(holds).where(eq(holds.reference, input.reference));
      if (!existing) throw new Error(`hold ${input.reference} conflicted but cannot be read`);
      return { status: 'duplicate', hold: existing };
    }
    // Same conditional-update rule as transfers: the reservation happens only if it fits.
    const [reserved] = await tx
      .update(accounts)
      .set({ held: sql`${accounts.held} + ${input.amount}` })
      .where(
        and(
          eq(accounts.id, input.accountId),
          sql`${accounts.memberId} is not null`,
          sql`${accounts.balance} - ${accounts.held} >= ${input.amount}`,
        ),
      )
      .returning({ held: accounts.held });
    if (!reserved) {
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, input.accountId));
      if (!account) throw new UnknownAccountError(`account ${input.accountId} does not exist`);
      if (account.memberId === null) {
        throw new InvalidTransferError(`holds apply to member accounts, not ${account.kind}`);
      }
      throw new InsufficientFundsError(
        input.accountId,
        input.amount,
        account.balance - account.held,
      );
    }
    return { status: 'placed', hold: created };
  });
}

/**
 * Pays a pending hold out: releases it and posts `transfer` in one go. The transfer must debit
 * the held account by exactly the hold's amount. Asking again with the same transfer reference
 * answers `already-posted`; any other second resolution throws HoldAlreadyResolvedError.
 */
export async function postHold(executor: Executor, input: PostHoldInput): Promise<PostHoldResult> {
  validateTransfer(input.transfer);
  return inTransaction(executor, async (tx) => {
    const hold = await lockHold(tx, input.holdId);
    if (hold.status === 'posted' && hold.transferId !== null) {
      const [settled] = await tx
        .select({ reference: transfers.reference })
        .from(transfers)
        .where(eq(transfers.id, hold.transferId));
      if (settled?.reference === input.transfer.reference) {
        return { status: 'already-posted', hold, transferId: hold.transferId };
      }
    }
    if (hold.status !== 'pending') throw new HoldAlreadyResolvedError(hold.id, hold.status);

    const debit = input.transfer.lines.find((line) => line.accountId === hold.accountId);
    if (debit?.amount !== -hold.amount) {
      throw new InvalidTransferError(
        `hold ${hold.id}: the transfer must debit account ${hold.accountId} by exactly ${hold.amount}`,
      );
    }
    const result = await applyTransfer(
      tx,
      input.transfer,
      new Map([[hold.accountId, hold.amount]]),
    );
    if (result.status === 'duplicate') throw new ReferenceInUseError(input.transfer.reference);
    const resolved = await resolveHold(tx, hold.id, {
      status: 'posted',
      transferId: result.transferId,
      resolvedAt: input.transfer.now,
    });
    return { status: 'posted', hold: resolved, transferId: result.transferId };
  });
}

/** Releases a pending hold. Voiding twice answers `already-voided`; voiding a posted hold throws. */
export async function voidHold(executor: Executor, input: VoidHoldInput): Promise<VoidHoldResult> {
  return inTransaction(executor, async (tx) => {
    const hold = await lockHold(tx, input.holdId);
    if (hold.status === 'voided') return { status: 'already-voided', hold };
    if (hold.status !== 'pending') throw new HoldAlreadyResolvedError(hold.id, hold.status);
    await tx
      .update(accounts)
      .set({ held: sql`${accounts.held} - ${hold.amount}` })
      .where(eq(accounts.id, hold.accountId));
    const resolved = await resolveHold(tx, hold.id, {
      status: 'voided',
      transferId: null,
      resolvedAt: input.now,
    });
    return { status: 'voided', hold: resolved };
  });
}

export async function getHold(executor: Executor, holdId: bigint): Promise<Hold | null> {
  const [hold] = await executor.select().from(holds).where(eq(holds.id, holdId));
  return hold ?? null;
}

/**
 * The hold row lock is what makes resolution exactly-once under concurrency: a second post or
 * void waits here, then (READ COMMITTED re-reads the locked row) sees the first one's status.
 */
async function lockHold(tx: Tx, holdId: bigint): Promise<Hold> {
  const [hold] = await tx.select().from(holds).where(eq(holds.id, holdId)).for('update');
  if (!hold) throw new HoldNotFoundError(holdId);
  return hold;
}

async function resolveHold(
  tx: Tx,
  holdId: bigint,
  change: { status: 'posted' | 'voided'; transferId: bigint | null; resolvedAt: Date },
): Promise<Hold> {
  const [resolved] = await tx
    .update(holds)
    .set(change)
    .where(and(eq(holds.id, holdId), eq(holds.status, 'pending')))
    .returning();
  if (!resolved) throw new Error(`hold ${holdId} changed while locked`);
  return resolved;
}
