import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { accounts, postings, transfers } from '../db/schema/index.ts';
import { InsufficientFundsError, InvalidTransferError, UnknownAccountError } from './errors.ts';
import { inTransaction } from './transaction.ts';

/** One side of a transfer: positive credits the account, negative debits it (micro-dollars). */
export type TransferLine = { accountId: bigint; amount: bigint };

export type TransferInput = {
  /** Unique replay guard, e.g. `claim:<package>:<day>`: a second transfer with it does nothing. */
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
 * database). A reference seen before returns `duplicate` and changes nothing, so replays are
 * harmless. InsufficientFundsError leaves a half-written transfer in the transaction: let it roll
 * back (the deferred balance trigger would refuse the commit anyway).
 */
export async function postTransfer(
  executor: Executor,
  input: TransferInput,
): Promise<PostTransferResult> {
  validateTransfer(input);
  return inTransaction(executor, (tx) => applyTransfer(tx, input, new Map()));
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
 * The body of postTransfer, shared with postHold. `releases` lowers `held` on an account in the
 * same UPDATE that debits it (a posted hold), so each row is written once, in lock order.
 * Expects a validated input.
 */
export async function applyTransfer(
  tx: Tx,
  input: TransferInput,
  releases: ReadonlyMap<bigint, bigint>,
): Promise<PostTransferResult> {
  // The unique reference is taken first: a concurrent duplicate waits here for the first one to
  // commit (then sees it and returns duplicate) or roll back (then proceeds as the first).
  const [created] = await tx
    .insert(transfers)
    .values({
      reference: input.reference,
      kind: input.kind,
      memberId: input.memberId ?? null,
      metadata: input.metadata ?? null,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: transfers.reference })
    .returning({ id: transfers.id });
  if (!created) {
    const [existing] = await tx
      .select({ id: transfers.id })
      .from(transfers)
      .where(eq(transfers.reference, input.reference));
    if (!existing) throw new Error(`transfer ${input.reference} conflicted but cannot be read`);
    return { status: 'duplicate', transferId: existing.id };
  }

  const lines = [...input.lines].sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  const ids = lines.map((line) => line.accountId);
  const found = await tx
    .select({ id: accounts.id, memberId: accounts.memberId })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  const isMember = new Map(found.map((row) => [row.id, row.memberId !== null]));

  const posted: PostedLine[] = [];
  // Ascending account id: two transfers touching the same accounts lock them in the same order,
  // so they queue instead of deadlocking.
  for (const line of lines) {
    const member = isMember.get(line.accountId);
    if (member === undefined)
      throw new UnknownAccountError(`account ${line.accountId} does not exist`);
    if (!member) {
      posted.push({ ...line, balanceAfter: null });
      continue;
    }
    const balanceAfter = await applyMemberLine(tx, line, releases.get(line.accountId) ?? 0n);
    posted.push({ ...line, balanceAfter });
  }

  await tx.insert(postings).values(
    posted.map((line) => ({
      transferId: created.id,
      accountId: line.accountId,
      amount: line.amount,
      balanceAfter: line.balanceAfter,
      createdAt: input.now,
    })),
  );
  return { status: 'posted', transferId: created.id, postings: posted };
}

/**
 * The conditional update that makes overdrafts impossible without a read-then-write: the row
 * changes only if available stays >= 0, and a concurrent writer's change is re-checked by
 * PostgreSQL before this one applies.
 */
async function applyMemberLine(tx: Tx, line: TransferLine, release: bigint): Promise<bigint> {
  const [row] = await tx
    .update(accounts)
    .set({
      balance: sql`${accounts.balance} + ${line.amount}`,
      ...(release === 0n ? {} : { held: sql`${accounts.held} - ${release}` }),
    })
    .where(
      and(
        eq(accounts.id, line.accountId),
        sql`${accounts.balance} - ${accounts.held} + ${line.amount + release} >= 0`,
      ),
    )
    .returning({ balance: accounts.balance });
  if (row) return row.balance;
  const [current] = await tx
    .select({ balance: accounts.balance, held: accounts.held })
    .from(accounts)
    .where(eq(accounts.id, line.accountId));
  const available = current ? current.balance - current.held + release : 0n;
  throw new InsufficientFundsError(line.accountId, -line.amount, available);
}
