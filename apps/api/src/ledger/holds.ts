import { eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';
import { holds } from '../db/schema/ledger.ts';
import {
  HoldAlreadyResolvedError,
  HoldNotFoundError,
  InsufficientFundsError,
  InvalidTransferError,
  ReferenceInUseError,
  UnknownAccountError,
} from './errors.ts';
import { inTransaction } from './transaction.ts';
import {
  pgArray,
  transferResult,
  type TransferInput,
  type TransferOutcomeRow,
  validateTransfer,
} from './transfers.ts';

// A hold reserves part of a member account (a pending withdrawal): `held` rises, the balance does
// not move, and available = balance - held falls. It ends exactly once: posted (the transfer that
// pays it out) or voided (the reservation is released). Each step is one of the ledger's SQL
// functions (db/functions/ledger/holds.sql), the only writers of holds and balances (decision
// 0030); the holds_resolve_once trigger refuses any second change even if they were wrong.

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
    const [row] = await queryRows<{ outcome: string; hold_id: string; available: string | null }>(
      tx,
      sql`select outcome, hold_id::text, available::text from ledger_place_hold(
        ${input.accountId}::bigint, ${input.amount}::bigint, ${input.reference},
        ${input.now.toISOString()}::timestamptz)`,
    );
    if (!row) throw new Error(`ledger_place_hold answered nothing for ${input.reference}`);
    // A refusal leaves the new hold row in the transaction: the error rolls it back.
    if (row.outcome === 'unknown-account') {
      throw new UnknownAccountError(`account ${input.accountId} does not exist`);
    }
    if (row.outcome === 'house-account') {
      throw new InvalidTransferError(`holds apply to member accounts, not ${input.accountId}`);
    }
    if (row.outcome === 'insufficient') {
      throw new InsufficientFundsError(input.accountId, input.amount, BigInt(row.available ?? 0));
    }
    const hold = await readHold(tx, BigInt(row.hold_id));
    return { status: row.outcome === 'duplicate' ? 'duplicate' : 'placed', hold };
  });
}

/**
 * Pays a pending hold out: releases it and posts `transfer` in one go. The transfer must debit
 * the held account by exactly the hold's amount. Asking again with the same transfer reference
 * answers `already-posted`; any other second resolution throws HoldAlreadyResolvedError.
 */
export async function postHold(executor: Executor, input: PostHoldInput): Promise<PostHoldResult> {
  validateTransfer(input.transfer);
  const { transfer } = input;
  return inTransaction(executor, async (tx) => {
    const rows = await queryRows<TransferOutcomeRow>(
      tx,
      sql`select outcome, transfer_id::text, account_id::text, amount::text, balance_after::text
      from ledger_post_hold(${input.holdId}::bigint, ${transfer.reference}, ${transfer.kind},
        ${transfer.memberId ?? null}::uuid,
        ${transfer.metadata ? JSON.stringify(transfer.metadata) : null}::jsonb,
        ${transfer.now.toISOString()}::timestamptz,
        ${pgArray(transfer.lines.map((line) => line.accountId))}::bigint[],
        ${pgArray(transfer.lines.map((line) => line.amount))}::bigint[])`,
    );
    const [first] = rows;
    if (!first) throw new Error(`ledger_post_hold answered nothing for hold ${input.holdId}`);
    const outcome: string = first.outcome;
    if (outcome === 'not-found') throw new HoldNotFoundError(input.holdId);
    if (outcome === 'hold-posted' || outcome === 'hold-voided') {
      throw new HoldAlreadyResolvedError(
        input.holdId,
        outcome === 'hold-posted' ? 'posted' : 'voided',
      );
    }
    if (outcome === 'wrong-debit') {
      throw new InvalidTransferError(
        `hold ${input.holdId}: the transfer must debit account ${first.account_id} by exactly ${first.amount}`,
      );
    }
    if (outcome === 'reference-in-use') throw new ReferenceInUseError(transfer.reference);
    if (outcome === 'already-posted') {
      const transferId = BigInt(first.transfer_id);
      return { status: 'already-posted', hold: await readHold(tx, input.holdId), transferId };
    }
    const result = transferResult(transfer.reference, rows);
    if (result.status !== 'posted') throw new ReferenceInUseError(transfer.reference);
    const hold = await readHold(tx, input.holdId);
    return { status: 'posted', hold, transferId: result.transferId };
  });
}

/** Releases a pending hold. Voiding twice answers `already-voided`; voiding a posted hold throws. */
export async function voidHold(executor: Executor, input: VoidHoldInput): Promise<VoidHoldResult> {
  return inTransaction(executor, async (tx) => {
    const [row] = await queryRows<{ outcome: string }>(
      tx,
      sql`select ledger_void_hold(${input.holdId}::bigint, ${input.now.toISOString()}::timestamptz) as outcome`,
    );
    if (!row || row.outcome === 'not-found') throw new HoldNotFoundError(input.holdId);
    if (row.outcome === 'posted') throw new HoldAlreadyResolvedError(input.holdId, 'posted');
    const hold = await readHold(tx, input.holdId);
    return { status: row.outcome === 'voided' ? 'voided' : 'already-voided', hold };
  });
}

export async function getHold(executor: Executor, holdId: bigint): Promise<Hold | null> {
  const [hold] = await executor.select().from(holds).where(eq(holds.id, holdId));
  return hold ?? null;
}

async function readHold(executor: Executor, holdId: bigint): Promise<Hold> {
  const hold = await getHold(executor, holdId);
  if (!hold) throw new HoldNotFoundError(holdId);
  return hold;
}
