import { and, count, desc, eq, gte, lte, sum } from 'drizzle-orm';
import { microsToDollars, type TradeIncomeQuery, type TradeIncomeRecord } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { memberPackages, packageClaims, packages } from '../../db/schema/packages.ts';

export type TradeIncomePage = {
  data: TradeIncomeRecord[];
  page: number;
  pageSize: number;
  total: number;
  totalAmount: number;
};

/**
 * GET trading/fetch-user-trade: every paid (package, day) is one trade-income record, newest
 * claim first, then the latest accrual first. Forfeited days are not income and are not listed.
 */
export async function listTradeIncome(
  db: Executor,
  memberId: string,
  query: TradeIncomeQuery,
): Promise<TradeIncomePage> {
  const { page, pageSize } = query;
  const where = and(
    eq(packageClaims.memberId, memberId),
    eq(packageClaims.status, 'paid'),
    query.from ? gte(packageClaims.accrualDay, query.from) : undefined,
    query.to ? lte(packageClaims.accrualDay, query.to) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        claim: packageClaims,
        name: packages.name,
        purchasedAt: memberPackages.createdAt,
        purchaseAmount: memberPackages.amount,
      })
      .from(packageClaims)
      .innerJoin(memberPackages, eq(memberPackages.id, packageClaims.memberPackageId))
      .innerJoin(packages, eq(packages.id, memberPackages.packageId))
      .where(where)
      .orderBy(
        desc(packageClaims.createdAt),
        desc(packageClaims.accrualDay),
        desc(packageClaims.memberPackageId),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count(), amount: sum(packageClaims.amount).mapWith(packageClaims.amount) })
      .from(packageClaims)
      .where(where),
  ]);
  return {
    data: rows.map(({ claim, name, purchasedAt, purchaseAmount }) => ({
      id: `${claim.memberPackageId}:${claim.dayNumber}`,
      kind: 'trade' as const,
      amount: microsToDollars(claim.amount),
      createdAt: claim.createdAt.toISOString(),
      sourceMember: null,
      level: null,
      packageId: claim.memberPackageId,
      packageName: name,
      purchasedAt: purchasedAt.toISOString(),
      purchaseAmount: microsToDollars(purchaseAmount),
      dayNumber: claim.dayNumber,
      period: claim.accrualDay,
      planVersion: claim.planVersion,
      claimId: claim.claimId,
    })),
    page,
    pageSize,
    total: totals?.total ?? 0,
    totalAmount: microsToDollars(totals?.amount ?? 0n),
  };
}
