import {
  formatAmount,
  NOTIFICATION_LINKS,
  statementKindLabels,
  type IncomeKind,
} from '@app/contracts';
import type { MemberEventMail } from './member-event-mail.ts';

// The texts of the member-event mails (decision 0053): a plain subject, the amount as the app
// shows it (formatAmount), and the screen that shows the event (its link is added by
// queueMemberEventMail).

export function depositCreditedMail(amount: bigint): MemberEventMail {
  return {
    subject: `Deposit of ${formatAmount(amount)} credited`,
    lines: [
      `Your deposit of ${formatAmount(amount)} was credited to your fund wallet.`,
      'Your deposit history:',
    ],
    path: NOTIFICATION_LINKS.depositHistory,
  };
}

export function withdrawalPaidMail(
  amount: bigint,
  txHash: string,
  explorerUrl: string | null,
): MemberEventMail {
  return {
    subject: `Withdrawal of ${formatAmount(amount)} paid`,
    lines: [
      `Your withdrawal of ${formatAmount(amount)} was paid.`,
      `Transaction hash: ${txHash}`,
      ...(explorerUrl ? [`On the network's explorer: ${explorerUrl}`] : []),
      'Your withdrawal history:',
    ],
    path: NOTIFICATION_LINKS.withdrawalHistory,
  };
}

export function packageBoughtMail(name: string, amount: bigint): MemberEventMail {
  return {
    subject: `Package ${name} bought for ${formatAmount(amount)}`,
    lines: [`You bought the package ${name} for ${formatAmount(amount)}.`, 'Your investments:'],
    path: NOTIFICATION_LINKS.investments,
  };
}

export function packageEndedMail(name: string, amount: bigint): MemberEventMail {
  return {
    subject: `Package ${name} of ${formatAmount(amount)} ended`,
    lines: [
      `Your package ${name} of ${formatAmount(amount)} reached its last day and earns no more profit.`,
      'Your investments:',
    ],
    path: NOTIFICATION_LINKS.investments,
  };
}

/** What the daily digest counts: the team incomes, and the compounding income paid by the run. */
export type DigestKind = IncomeKind | 'compounding-income';

/** One line per kind of income credited on `day`, and their sum. */
export function incomeDigestMail(
  day: string,
  totals: readonly { kind: DigestKind; amount: bigint }[],
): MemberEventMail {
  const sum = totals.reduce((total, row) => total + row.amount, 0n);
  return {
    subject: `Income credited on ${day}: ${formatAmount(sum)}`,
    lines: [
      `Income credited to your account on ${day}:`,
      ...totals.map((row) => `${statementKindLabels[row.kind]}: ${formatAmount(row.amount)}`),
      `Total: ${formatAmount(sum)}`,
      'Your transactions:',
    ],
    path: NOTIFICATION_LINKS.transactionHistory,
  };
}
