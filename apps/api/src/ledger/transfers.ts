import { sql } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from '../db/client.ts';
import {
  InsufficientFundsError,
  InvalidTransferError,
  ReferenceConflictError,
  UnknownAccountError,
} from './errors.ts';
import { inTransaction } from './transaction.ts';

/** One side of a transfer: positive credits the account, negative debits it (micro-dollars). */
export type TransferLine = { accountId: bigint; amount: bigint };

export type TransferInput = {
  /**
   * Unique replay guard, e.g. `claim:<package>:<day>`: a second transfer with it does nothing
   * (`duplicate`) when it asks for the same kind, member and lines, and throws
   * ReferenceConflictError when it does not.
   */
  reference: string;
  kind: string;
  /** The member the transfer belongs to (their statements list it). */
  memberId?: string | null;
  metadata?: Record<string, unknown> | null;
  lines: readonly TransferLine[];
  now: Date;
};

export type PostedLine = { accountId: bigint; amount: bigint; balanceAfter: bigint | null };

export type PostTransferResult =
  | { status: 'posted'; transferId: bigint; postings: PostedLine[] }
  | { status: 'duplicate'; transferId: bigint };

/**
 * Posts a balanced transfer inside the caller's transaction (or a new one when given the
 * database). A reference seen before with the same kind, member and lines returns `duplicate` and
 * changes nothing, so replays are harmless; with anything else it throws ReferenceConflictError. InsufficientFundsError leaves a half-written transfer in the transaction: let it roll
 * back (the deferred balance trigger would refuse the commit anyway).
 */
export async function postTransfer(
  executor: Executor,
  input: TransferInput,
): Promise<PostTransferResult> {
  validateTransfer(input);
  return inTransaction(executor, (tx) => applyTransfer(tx, input));
}

/** Refuses malformed transfers before any statement runs. */
export function validateTransfer(input: TransferInput): void {
  if (typeof input.reference !== 'string' || input.reference.length === 0) {
    throw new InvalidTransferError('a transfer needs a reference');
  }
  if (typeof input.kind !== 'string' || input.kind.length === 0) {
    throw new InvalidTransferError(`transfer ${input.reference} needs a kind`);
  }
  if (input.lines.length < 2) {
    throw new InvalidTransferError(`transfer ${input.reference} needs at least two lines`);
  }
  const seen = new Set<bigint>();
  let sum = 0n;
  for (const line of input.lines) {
    if (typeof line.amount !== 'bigint' || typeof line.accountId !== 'bigint') {
      throw new InvalidTransferError(
        `transfer ${input.reference}: amounts and account ids are bigint`,
      );
    }
    if (line.amount === 0n) {
      throw new InvalidTransferError(`transfer ${input.reference}: a line has a zero amount`);
    }
    // One line per account keeps "balance after" unambiguous and the lock order simple.
    if (seen.has(line.accountId)) {
      throw new InvalidTransferError(
        `transfer ${input.reference}: account ${line.accountId} appears twice`,
      );
    }
    seen.add(line.accountId);
    sum += line.amount;
  }
  if (sum !== 0n) {
    throw new InvalidTransferError(`transfer ${input.reference} is unbalanced by ${sum}`);
  }
}

/**
 * The body of postTransfer: ONE statement, the ledger_post_transfer function
 * (db/functions/ledger/post-transfer.sql), which takes the reference, applies the lines in
 * ascending account id and writes the postings. Expects a validated input.
 */
async function applyTransfer(tx: Tx, input: TransferInput): Promise<PostTransferResult> {
  const rows = await queryRows<TransferOutcomeRow>(
    tx,
    sql`select outcome, transfer_id::text, account_id::text, amount::text, balance_after::text
    from ledger_post_transfer(${input.reference}, ${input.kind}, ${input.memberId ?? null}::uuid,
      ${input.metadata === null || input.metadata === undefined ? null : JSON.stringify(input.metadata)}::jsonb,
      ${input.now.toISOString()}::timestamptz,
      ${pgArray(input.lines.map((line) => line.accountId))}::bigint[],
      ${pgArray(input.lines.map((line) => line.amount))}::bigint[],
      ${pgArray(input.lines.map(() => 0n))}::bigint[])`,
  );
  return transferResult(input.reference, rows);
}

/** What ledger_post_transfer (and ledger_post_hold) answer: one row per posted line, or one row naming the refusal. */
export type TransferOutcomeRow = {
  outcome: 'posted' | 'duplicate' | 'different' | 'insufficient' | 'unknown-account';
  transfer_id: string;
  account_id: string | null;
  amount: string | null;
  balance_after: string | null;
};

/** A PostgreSQL array literal of bigints (drizzle would spread a JS array into a parameter list). */
export const pgArray = (values: readonly bigint[]) => `{${values.join(',')}}`;

/**
 * The function's answer as postTransfer's result; a refusal becomes the typed error, and the
 * caller's transaction must roll back (the transfer row is already written in it).
 */
export function transferResult(reference: string, rows: TransferOutcomeRow[]): PostTransferResult {
  const [first] = rows;
  if (!first) throw new Error(`ledger_post_transfer answered nothing for ${reference}`);
  const transferId = BigInt(first.transfer_id);
  if (first.outcome === 'duplicate') return { status: 'duplicate', transferId };
  if (first.outcome === 'different') throw new ReferenceConflictError(reference);
  const refusal = rows.at(-1)!;
  if (refusal.outcome === 'unknown-account')
    throw new UnknownAccountError(`account ${refusal.account_id} does not exist`);
  if (refusal.outcome === 'insufficient')
    throw new InsufficientFundsError(
      BigInt(refusal.account_id!),
      BigInt(refusal.amount!),
      BigInt(refusal.balance_after ?? 0),
    );
  return {
    status: 'posted',
    transferId,
    postings: rows.map((row) => ({
      accountId: BigInt(row.account_id!),
      amount: BigInt(row.amount!),
      balanceAfter: row.balance_after === null ? null : BigInt(row.balance_after),
    })),
  };
}
