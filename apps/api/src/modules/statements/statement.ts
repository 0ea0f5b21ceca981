import { microsToDollars, type IncomeKind, type WalletSummaryData } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { sumMemberPostings, type PostingTotals } from '../../ledger/index.ts';
import { activeInvestment } from '../../core/member-statement.ts';

/**
 * GET auth/wallet-summary from one grouped read of the member's postings:
 * - deposited: credits to fund by `deposit` transfers;
 * - invested: debits of fund by `package-purchase` transfers;
 * - withdrawn: debits of any wallet by `withdrawal` transfers;
 * - income.trade: credits to profit or compounding by `trade-income` (claimed daily profit);
 * - income.compounding: credits to compounding by `compounding-income`;
 * - the team incomes (referral and team-level bonus, team profit, weekly and monthly income,
 *   rewards): credits to the profit wallet by transfers of their kind.
 * Moves from profit to compounding are the member's own money changing wallets, not income.
 * Adjustments are corrections, neither deposits nor income, and count in none of them.
 */
export async function walletSummary(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<WalletSummaryData> {
  const [rows, active] = await Promise.all([
    sumMemberPostings(db, memberId),
    activeInvestment(db, memberId, now),
  ]);
  const sum = (match: (row: PostingTotals) => boolean, side: 'credits' | 'debits') =>
    microsToDollars(rows.filter(match).reduce((total, row) => total + row[side], 0n));
  const profitIncome = (kind: IncomeKind) =>
    sum((row) => row.kind === kind && row.wallet === 'profit', 'credits');
  return {
    deposited: sum((row) => row.kind === 'deposit' && row.wallet === 'fund', 'credits'),
    invested: sum((row) => row.kind === 'package-purchase' && row.wallet === 'fund', 'debits'),
    withdrawn: sum((row) => row.kind === 'withdrawal', 'debits'),
    active,
    income: {
      trade: sum(
        (row) =>
          row.kind === 'trade-income' && (row.wallet === 'profit' || row.wallet === 'compounding'),
        'credits',
      ),
      compounding: sum(
        (row) => row.kind === 'compounding-income' && row.wallet === 'compounding',
        'credits',
      ),
      referralBonus: profitIncome('referral-bonus'),
      teamLevelBonus: profitIncome('team-level-bonus'),
      teamProfit: profitIncome('team-profit'),
      weeklyIncome: profitIncome('weekly-income'),
      monthlyIncome: profitIncome('monthly-income'),
      reward: profitIncome('reward'),
    },
  };
}
