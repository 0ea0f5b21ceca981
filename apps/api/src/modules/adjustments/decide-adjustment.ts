import { eq } from 'drizzle-orm';
import {
  formatAmount,
  NOTIFICATION_LINKS,
  ownAdjustmentMessage,
  type AdjustmentView,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { moneyAdjustments } from '../../db/schema/console.ts';
import { AppError } from '../../lib/errors.ts';
import {
  adjustMemberBalance,
  InsufficientFundsError,
  withTransaction,
} from '../../ledger/index.ts';
import { alreadyDecided } from '../../core/already-decided.ts';
import { recordOperatorAction, type OperatorActor } from '../../core/audit.ts';
import { notifyMember } from '../../core/notifications.ts';
import { findAdjustment, type AdjustmentRow } from './views.ts';

// The second pair of eyes: another operator than the proposer approves (the ledger transfer is
// posted) or rejects (nothing moves). Each locks the proposal first, so of two operators acting
// at once the second waits, then finds it decided and gets a 409; the transfer's reference
// `adjustment:<id>` and the table's checks stand behind the lock.

const NO_SUCH_ADJUSTMENT = 'No such adjustment';
/** The member finds the correction on their statement. */
const TOPIC = { kind: 'money', link: NOTIFICATION_LINKS.transactionHistory } as const;

async function lockUndecided(
  tx: Tx,
  id: string,
  actor: OperatorActor,
  action: 'approve' | 'reject',
): Promise<AdjustmentRow> {
  const [row] = await tx
    .select()
    .from(moneyAdjustments)
    .where(eq(moneyAdjustments.id, id))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', NO_SUCH_ADJUSTMENT);
  if (row.proposedBy === actor.operatorId)
    throw new AppError('FORBIDDEN', ownAdjustmentMessage(action));
  if (row.status !== 'pending') throw await alreadyDecided(tx, { noun: 'adjustment', ...row });
  return row;
}

const auditDetail = (row: AdjustmentRow, extra: Record<string, unknown>) => ({
  memberId: row.memberId,
  wallet: row.wallet,
  amount: row.amount.toString(),
  reason: row.reason,
  reference: row.reference,
  proposedBy: row.proposedBy,
  ...extra,
});

/** What the member reads: which wallet, which way, how much and why. */
function memberMessage(row: AdjustmentRow): string {
  const amount = formatAmount(row.amount < 0n ? -row.amount : row.amount);
  const way = row.amount < 0n ? 'debited' : 'credited';
  return `Your ${row.wallet} wallet was ${way} ${amount}: ${row.reason}`;
}

/**
 * Posts the adjustment (house:adjustments ↔ the member's wallet). A debit larger than what the
 * wallet has available is refused by the ledger; the whole transaction rolls back, so the
 * proposal stays pending and can be rejected or approved once the money is there.
 */
export async function approveAdjustment(
  db: Db,
  id: string,
  note: string | undefined,
  actor: OperatorActor,
  now: Date,
): Promise<AdjustmentView> {
  await withTransaction(db, async (tx) => {
    const row = await lockUndecided(tx, id, actor, 'approve');
    const transfer = await adjustMemberBalance(tx, {
      memberId: row.memberId,
      wallet: row.wallet,
      amount: row.amount,
      reference: `adjustment:${row.id}`,
      reason: row.reason,
      now,
      metadata: {
        adjustmentId: row.id,
        proposedBy: row.proposedBy,
        approvedBy: actor.operatorId,
        reference: row.reference,
      },
    }).catch((error: unknown) => {
      if (error instanceof InsufficientFundsError) {
        throw new AppError(
          'CONFLICT',
          `The member's ${row.wallet} wallet has only ${formatAmount(error.available)} available`,
        );
      }
      throw error;
    });
    if (transfer.status === 'duplicate') {
      throw new Error(`adjustment ${row.id} was posted while its row said pending`);
    }
    await tx
      .update(moneyAdjustments)
      .set({
        status: 'approved',
        decidedBy: actor.operatorId,
        decidedAt: now,
        decisionNote: note ?? null,
        transferId: transfer.transferId,
      })
      .where(eq(moneyAdjustments.id, row.id));
    const detail = auditDetail(row, {
      note: note ?? null,
      transferId: transfer.transferId.toString(),
    });
    await recordOperatorAction(
      tx,
      actor,
      { action: 'adjustment.approve', targetType: 'adjustment', targetId: row.id, detail },
      now,
    );
    await notifyMember(tx, row.memberId, memberMessage(row), now, TOPIC);
  });
  return readBack(db, id);
}

/** Closes a proposal without moving money; the note says why, for the proposer and the log. */
export async function rejectAdjustment(
  db: Db,
  id: string,
  note: string,
  actor: OperatorActor,
  now: Date,
): Promise<AdjustmentView> {
  await withTransaction(db, async (tx) => {
    const row = await lockUndecided(tx, id, actor, 'reject');
    await tx
      .update(moneyAdjustments)
      .set({ status: 'rejected', decidedBy: actor.operatorId, decidedAt: now, decisionNote: note })
      .where(eq(moneyAdjustments.id, row.id));
    await recordOperatorAction(
      tx,
      actor,
      {
        action: 'adjustment.reject',
        targetType: 'adjustment',
        targetId: row.id,
        detail: auditDetail(row, { note }),
      },
      now,
    );
  });
  return readBack(db, id);
}

async function readBack(db: Db, id: string): Promise<AdjustmentView> {
  const view = await findAdjustment(db, id);
  if (!view) throw new Error(`adjustment ${id} cannot be read back`);
  return view;
}
