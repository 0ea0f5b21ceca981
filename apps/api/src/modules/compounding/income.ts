import { and, count, desc, eq, gt, gte, lte, sum } from 'drizzle-orm';
import {
  microsToDollars,
  rateToPercentage,
  type CompoundingIncomePage,
  type CompoundingIncomeQuery,
  type CompoundingSummaryData,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { compoundingIncomes } from '../../db/schema/money-flows.ts';
import { getMemberBalances, sumMemberPostings } from '../../ledger/index.ts';
import { loadCurrentPlan } from '../../core/plan.ts';

// Reads only: the member's compounding income rows and their compounding wallet.

/**
 * GET compounding/income: one record per paid business day, newest day first. A day whose base
 * earned less than a micro-dollar is settled but paid nothing, and is not income: not listed.
 */
export async function listCompoundingIncome(
  db: Executor,
  memberId: string,
  query: CompoundingIncomeQuery,
): Promise<CompoundingIncomePage> {
  const { page, pageSize } = query;
  const where = and(
    eq(compoundingIncomes.memberId, memberId),
    gt(compoundingIncomes.amount, 0n),
    query.from ? gte(compoundingIncomes.businessDay, query.from) : undefined,
    query.to ? lte(compoundingIncomes.businessDay, query.to) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(compoundingIncomes)
      .where(where)
      .orderBy(desc(compoundingIncomes.businessDay))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        total: count(),
        amount: sum(compoundingIncomes.amount).mapWith(compoundingIncomes.amount),
      })
      .from(compoundingIncomes)
      .where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: `${row.memberId}:${row.businessDay}`,
      kind: 'compounding' as const,
      amount: microsToDollars(row.amount),
      createdAt: row.createdAt.toISOString(),
      sourceMember: null,
      level: null,
      packageId: null,
      period: row.businessDay,
      planVersion: row.planVersion,
      baseAmount: microsToDollars(row.baseAmount),
      rate: rateToPercentage(row.rate),
    })),
    page,
    pageSize,
    total: totals?.total ?? 0,
    totalAmount: microsToDollars(totals?.amount ?? 0n),
  };
}

/** GET compounding/summary: the wallet, what was moved in and earned, and today's rate. */
export async function compoundingSummary(
  db: Executor,
  memberId: string,
): Promise<CompoundingSummaryData> {
  const [balances, totals, [earned], plan] = await Promise.all([
    getMemberBalances(db, memberId),
    sumMemberPostings(db, memberId),
    db
      .select({ amount: sum(compoundingIncomes.amount).mapWith(compoundingIncomes.amount) })
      .from(compoundingIncomes)
      .where(eq(compoundingIncomes.memberId, memberId)),
    loadCurrentPlan(db),
  ]);
  const wallet = balances.compounding;
  const moved = totals.find(
    (row) => row.kind === 'compounding-move' && row.wallet === 'compounding',
  );
  return {
    available: microsToDollars(wallet.available),
    held: microsToDollars(wallet.held),
    total: microsToDollars(wallet.balance),
    movedIn: microsToDollars(moved ? moved.credits - moved.debits : 0n),
    incomeTotal: microsToDollars(earned?.amount ?? 0n),
    dailyPercentage: rateToPercentage(plan.settings.compoundingDailyRate),
  };
}
