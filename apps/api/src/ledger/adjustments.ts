import { and, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { accounts } from '../db/schema/ledger.ts';
import { HOUSE_ACCOUNTS, type Wallet } from './accounts.ts';
import { InvalidTransferError, UnknownAccountError } from './errors.ts';
import { postTransfer, type PostTransferResult } from './transfers.ts';

export type AdjustMemberBalanceInput = {
  memberId: string;
  wallet: Wallet;
  /** Signed micro-dollars: positive credits the member, negative debits (never below available). */
  amount: bigint;
  reference: string;
  /** Why, in words an auditor reads later (stored in the transfer's metadata). */
  reason: string;
  now: Date;
  /** Extra context, e.g. the operator who made the adjustment. */
  metadata?: Record<string, unknown>;
};

/**
 * Operator corrections and demo-seed funding: a transfer between house:adjustments and the
 * member's wallet, so even a manual change is balanced, referenced and reconcilable.
 */
export async function adjustMemberBalance(
  executor: Executor,
  input: AdjustMemberBalanceInput,
): Promise<PostTransferResult> {
  if (!input.reason.trim()) throw new InvalidTransferError('an adjustment needs a reason');
  const rows = await executor
    .select({ id: accounts.id, memberId: accounts.memberId })
    .from(accounts)
    .where(
      or(
        and(eq(accounts.memberId, input.memberId), eq(accounts.kind, input.wallet)),
        and(isNull(accounts.memberId), eq(accounts.kind, HOUSE_ACCOUNTS.adjustments)),
      ),
    );
  const member = rows.find((row) => row.memberId !== null);
  const house = rows.find((row) => row.memberId === null);
  if (!member) {
    throw new UnknownAccountError(`member ${input.memberId} has no ${input.wallet} account`);
  }
  if (!house)
    throw new UnknownAccountError(`house account ${HOUSE_ACCOUNTS.adjustments} is missing`);
  return postTransfer(executor, {
    reference: input.reference,
    kind: 'adjustment',
    memberId: input.memberId,
    metadata: { ...input.metadata, reason: input.reason, wallet: input.wallet },
    lines: [
      { accountId: member.id, amount: input.amount },
      { accountId: house.id, amount: -input.amount },
    ],
    now: input.now,
  });
}
