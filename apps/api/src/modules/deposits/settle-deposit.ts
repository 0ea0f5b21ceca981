import { eq } from 'drizzle-orm';
import { formatAmount, NOTIFICATION_LINKS } from '@app/contracts';
import type { Tx } from '../../db/client.ts';
import { deposits } from '../../db/schema/money-flows.ts';
import { getHouseAccountIds, getMemberAccountIds, postTransfer } from '../../ledger/index.ts';
import { notifyMember } from '../../core/notifications.ts';
import { depositCreditedMail } from '../../core/mail-outbox/event-mails.ts';
import { queueMemberEventMail, type MailSite } from '../../core/mail-outbox/member-event-mail.ts';
import type { DepositRow } from './deposit-lists.ts';

// The two ways a deposit ends, shared by the IPN callback and the operator queue. Both expect
// the row locked by lockDeposit in the caller's transaction and still pending (or, for a late
// gateway `finished`, failed or expired): the lock makes concurrent deciders queue, and the
// second one sees the first one's outcome.

/**
 * The deposit row, locked until the transaction ends (SELECT ... FOR UPDATE). Under READ
 * COMMITTED a waiter reads the row as its holder committed it.
 */
export async function lockDeposit(tx: Tx, id: string): Promise<DepositRow | null> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row ?? null;
}

export type Decision = {
  now: Date;
  /** The operator who decided; null when the gateway did. */
  operatorId?: string | null;
  gatewayStatus?: string | null;
  gatewayPaymentId?: string | null;
};

/**
 * Credits the member's fund wallet (house:deposits → fund, reference `deposit:<id>`), marks the
 * deposit confirmed and notifies the member (in the app, and by mail unless they turned it off),
 * all in the caller's transaction. The reference is a second guard under the row lock: a deposit
 * can never be credited twice.
 */
export async function creditDeposit(
  tx: Tx,
  deposit: DepositRow,
  decision: Decision,
  /** PUBLIC_URL, for the link of the deposit-credited mail (decision 0053). */
  site: MailSite,
) {
  const [wallets, house] = await Promise.all([
    getMemberAccountIds(tx, deposit.memberId),
    getHouseAccountIds(tx),
  ]);
  if (!wallets) throw new Error(`member ${deposit.memberId} has no wallets`);
  const transfer = await postTransfer(tx, {
    reference: `deposit:${deposit.id}`,
    kind: 'deposit',
    memberId: deposit.memberId,
    metadata: { depositId: deposit.id, provider: deposit.provider },
    lines: [
      { accountId: wallets.fund, amount: deposit.amount },
      { accountId: house.deposits, amount: -deposit.amount },
    ],
    now: decision.now,
  });
  if (transfer.status === 'duplicate') {
    throw new Error(`deposit ${deposit.id} was credited while its row said ${deposit.status}`);
  }
  await writeOutcome(
    tx,
    deposit,
    { status: 'confirmed', transferId: transfer.transferId, reason: null },
    decision,
  );
  await notifyMember(
    tx,
    deposit.memberId,
    `Deposit of ${formatAmount(deposit.amount)} credited`,
    decision.now,
    { kind: 'money', link: NOTIFICATION_LINKS.depositHistory },
  );
  await queueMemberEventMail(
    tx,
    deposit.memberId,
    'deposit-credited',
    depositCreditedMail(deposit.amount),
    site,
    decision.now,
  );
}

export type ClosedStatus = 'rejected' | 'failed' | 'expired';

const closedMessages: Record<ClosedStatus, (amount: string, reason: string) => string> = {
  rejected: (amount, reason) => `Deposit of ${amount} rejected: ${reason}`,
  failed: (amount, reason) => `Deposit of ${amount} failed: ${reason}`,
  expired: (amount) => `Deposit of ${amount} expired`,
};

/** Ends a deposit without money moving, with the reason the member reads, and tells them. */
export async function closeDeposit(
  tx: Tx,
  deposit: DepositRow,
  status: ClosedStatus,
  reason: string,
  decision: Decision,
) {
  await writeOutcome(tx, deposit, { status, reason }, decision);
  await notifyMember(
    tx,
    deposit.memberId,
    closedMessages[status](formatAmount(deposit.amount), reason),
    decision.now,
    { kind: 'money', link: NOTIFICATION_LINKS.depositHistory },
  );
}

/**
 * Writes `fields` with who decided (an operator) or what the gateway last said, and the time.
 * The caller holds the row lock.
 */
export async function writeOutcome(
  tx: Tx,
  deposit: DepositRow,
  fields: Partial<Pick<DepositRow, 'status' | 'reason' | 'transferId'>>,
  decision: Decision,
) {
  await tx
    .update(deposits)
    .set({
      ...fields,
      ...(decision.gatewayStatus ? { gatewayStatus: decision.gatewayStatus } : {}),
      ...(decision.gatewayPaymentId ? { gatewayPaymentId: decision.gatewayPaymentId } : {}),
      ...(decision.operatorId ? { decidedBy: decision.operatorId, decidedAt: decision.now } : {}),
      updatedAt: decision.now,
    })
    .where(eq(deposits.id, deposit.id));
}
