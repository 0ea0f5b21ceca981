import { randomUUID } from 'node:crypto';
import {
  COMPOUNDING_MIN_MOVE_MICROS,
  compoundingLabels,
  type CompoundingMoveData,
  formatAmount,
  formatDollars,
  microsToDollars,
  NOTIFICATION_LINKS,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import {
  getMemberBalances,
  InsufficientFundsError,
  postTransfer,
  withTransaction,
} from '../../ledger/index.ts';
import { notifyMember } from '../../core/notifications.ts';
import { memberAccountIds } from '../../core/account-ids.ts';

export type MoveInput = {
  memberId: string;
  /** Micro-dollars, already parsed exactly. */
  amount: bigint;
  /** The request's Idempotency-Key: it names the transfer, so a replay after a crash moves once. */
  idempotencyKey?: string | undefined;
};

/**
 * Moves profit into compounding: one ledger transfer between the member's own wallets and its
 * notification, in one transaction. Only the available profit balance moves: the ledger's
 * conditional update refuses to dip into what pending withdrawals hold.
 */
export async function moveToCompounding(
  db: Db,
  input: MoveInput,
  now: Date,
): Promise<CompoundingMoveData> {
  if (input.amount < COMPOUNDING_MIN_MOVE_MICROS)
    throw fieldError(
      'amount',
      `${compoundingLabels.amount} must be at least ${formatDollars(COMPOUNDING_MIN_MOVE_MICROS)}`,
    );
  return withTransaction(db, async (tx) => {
    const wallets = await memberAccountIds(db, tx, input.memberId);
    const reference = input.idempotencyKey
      ? `compounding-move:${input.memberId}:${input.idempotencyKey}`
      : `compounding-move:${randomUUID()}`;
    const transfer = await postTransfer(tx, {
      reference,
      kind: 'compounding-move',
      memberId: input.memberId,
      lines: [
        { accountId: wallets.profit, amount: -input.amount },
        { accountId: wallets.compounding, amount: input.amount },
      ],
      now,
    }).catch((error: unknown) => {
      if (error instanceof InsufficientFundsError)
        throw new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance in profit wallet');
      throw error;
    });
    // A duplicate is the same key replayed after the first move committed: it moved nothing now.
    if (transfer.status === 'posted')
      await notifyMember(
        tx,
        input.memberId,
        `${formatAmount(input.amount)} moved from profit to compounding`,
        now,
        { kind: 'money', link: NOTIFICATION_LINKS.transactionHistory },
      );
    const balances = await getMemberBalances(tx, input.memberId);
    return {
      id: transfer.transferId.toString(),
      amount: microsToDollars(input.amount),
      createdAt: now.toISOString(),
      profitAvailable: microsToDollars(balances.profit.available),
      compoundingAvailable: microsToDollars(balances.compounding.available),
    };
  });
}
