import { and, eq } from 'drizzle-orm';
import {
  explorerTransactionUrl,
  formatAmount,
  usdtNetwork,
  WITHDRAWAL_NOT_PENDING,
  type WithdrawalView,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { withdrawals } from '../../db/schema/money-flows.ts';
import { AppError } from '../../lib/errors.ts';
import { postHold, voidHold, withTransaction } from '../../ledger/index.ts';
import { notifyMember } from '../../core/notifications.ts';
import { withdrawalPaidMail } from '../../core/mail-outbox/event-mails.ts';
import { queueMemberEventMail, type MailSite } from '../../core/mail-outbox/member-event-mail.ts';
import type { AppConfig } from '../../config/env.ts';
import { recordOperatorAction, type OperatorActor } from '../../core/audit.ts';
import { alreadyDecided } from '../../core/already-decided.ts';
import { houseAccountIds, memberAccountIds } from '../../core/account-ids.ts';
import { toWithdrawalView, WITHDRAWAL_TOPIC } from './views.ts';

// The three ways a pending withdrawal ends (a hold is posted or voided exactly
// once). Each locks the withdrawal row first, so of two concurrent decisions the second waits,
// then sees the first one's status and is refused; the hold's own lock and trigger back that up.

type WithdrawalRow = typeof withdrawals.$inferSelect;
export type { OperatorActor };

export type PayoutMailSite = MailSite & Pick<AppConfig, 'explorers'>;

const notFound = () => new AppError('NOT_FOUND', 'No such withdrawal');

/**
 * The pending withdrawal, locked; `memberId` limits it to that member's own (others read as
 * missing). A settled one is a 409: the member reads the general rule, an operator reads who
 * settled it and how (another operator got there first).
 */
async function lockPending(tx: Tx, id: string, memberId?: string): Promise<WithdrawalRow> {
  const mine = memberId ? eq(withdrawals.memberId, memberId) : undefined;
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), mine))
    .for('update');
  if (!row) throw notFound();
  if (row.status === 'pending') return row;
  if (memberId) throw new AppError('CONFLICT', WITHDRAWAL_NOT_PENDING);
  throw await alreadyDecided(tx, { noun: 'withdrawal', ...row });
}

async function decide(
  tx: Tx,
  id: string,
  change: Partial<Pick<WithdrawalRow, 'status' | 'txHash' | 'reason' | 'decidedBy' | 'decidedAt'>>,
): Promise<WithdrawalRow> {
  const [row] = await tx.update(withdrawals).set(change).where(eq(withdrawals.id, id)).returning();
  if (!row) throw new Error(`withdrawal ${id} vanished while locked`);
  return row;
}

/**
 * Marks a pending withdrawal paid with the chain transaction that paid it: the hold is posted,
 * so the whole amount leaves the member's wallet, the net to house:withdrawals (what went out on
 * chain) and the fee to house:fee-revenue.
 */
export async function payWithdrawal(
  db: Db,
  input: { id: string; txHash: string; actor: OperatorActor },
  now: Date,
  /** PUBLIC_URL and the explorers, for the withdrawal-paid mail (decision 0053). */
  site: PayoutMailSite,
): Promise<WithdrawalView> {
  const house = await houseAccountIds(db);
  return withTransaction(db, async (tx) => {
    const pending = await lockPending(tx, input.id);
    const wallets = await memberAccountIds(db, tx, pending.memberId);
    await postHold(tx, {
      holdId: pending.holdId,
      transfer: {
        reference: `withdrawal:${pending.id}`,
        kind: 'withdrawal',
        memberId: pending.memberId,
        metadata: { withdrawalId: pending.id, txHash: input.txHash, address: pending.address },
        lines: [
          { accountId: wallets[pending.wallet], amount: -pending.amount },
          { accountId: house.withdrawals, amount: pending.netAmount },
          { accountId: house.feeRevenue, amount: pending.fee },
        ],
        now,
      },
    });
    const paid = await decide(tx, pending.id, {
      status: 'paid',
      txHash: input.txHash,
      decidedBy: input.actor.operatorId,
      decidedAt: now,
    });
    await notifyMember(
      tx,
      paid.memberId,
      `Withdrawal of ${formatAmount(paid.amount)} paid`,
      now,
      WITHDRAWAL_TOPIC,
    );
    const network = usdtNetwork(paid.address);
    const explorer = network ? site.explorers[network] : null;
    await queueMemberEventMail(
      tx,
      paid.memberId,
      'withdrawal-paid',
      withdrawalPaidMail(
        paid.amount,
        input.txHash,
        explorer ? explorerTransactionUrl(explorer.transaction, input.txHash) : null,
      ),
      site,
      now,
    );
    await audit(tx, 'withdrawal.pay', paid, input.actor, { txHash: input.txHash }, now);
    return toWithdrawalView(paid);
  });
}

/** Refuses a pending withdrawal: the hold is voided (the amount is available again). */
export async function rejectWithdrawal(
  db: Db,
  input: { id: string; reason: string; actor: OperatorActor },
  now: Date,
): Promise<WithdrawalView> {
  return withTransaction(db, async (tx) => {
    const pending = await lockPending(tx, input.id);
    await voidHold(tx, { holdId: pending.holdId, now });
    const rejected = await decide(tx, pending.id, {
      status: 'rejected',
      reason: input.reason,
      decidedBy: input.actor.operatorId,
      decidedAt: now,
    });
    await notifyMember(
      tx,
      rejected.memberId,
      `Withdrawal of ${formatAmount(rejected.amount)} rejected: ${input.reason}`,
      now,
      WITHDRAWAL_TOPIC,
    );
    await audit(tx, 'withdrawal.reject', rejected, input.actor, { reason: input.reason }, now);
    return toWithdrawalView(rejected);
  });
}

/** The member withdraws their own pending request: the hold is voided. */
export async function cancelWithdrawal(
  db: Db,
  input: { id: string; memberId: string },
  now: Date,
): Promise<WithdrawalView> {
  return withTransaction(db, async (tx) => {
    const pending = await lockPending(tx, input.id, input.memberId);
    await voidHold(tx, { holdId: pending.holdId, now });
    const cancelled = await decide(tx, pending.id, { status: 'cancelled', decidedAt: now });
    await notifyMember(
      tx,
      input.memberId,
      `Withdrawal of ${formatAmount(cancelled.amount)} cancelled`,
      now,
      WITHDRAWAL_TOPIC,
    );
    return toWithdrawalView(cancelled);
  });
}

function audit(
  tx: Tx,
  action: string,
  row: WithdrawalRow,
  actor: OperatorActor,
  extra: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const detail = {
    memberId: row.memberId,
    wallet: row.wallet,
    amount: row.amount.toString(),
    fee: row.fee.toString(),
    netAmount: row.netAmount.toString(),
    address: row.address,
    ...extra,
  };
  return recordOperatorAction(
    tx,
    actor,
    { action, targetType: 'withdrawal', targetId: row.id, detail },
    now,
  );
}
