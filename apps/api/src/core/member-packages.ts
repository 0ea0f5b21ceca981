import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  microsToDollars,
  rateToPercentage,
  type Page,
  type PageQuery,
  type PurchasedPackageView,
} from '@app/contracts';
import type { Executor } from '../db/client.ts';
import { memberPackages, packages } from '../db/schema/packages.ts';

/**
 * A purchase as members see it. It is Expired once its last day (start + totalDays) has ended,
 * at the instant fixed when it was bought (ends_at, in the plan's time zone of that moment).
 */
function selectPurchases(db: Executor, now: Date) {
  return db
    .select({
      row: memberPackages,
      name: packages.name,
      isExpired: sql<boolean>`${memberPackages.endsAt} <= ${now.toISOString()}::timestamptz`,
    })
    .from(memberPackages)
    .innerJoin(packages, eq(packages.id, memberPackages.packageId));
}

type PurchaseRow = Awaited<ReturnType<ReturnType<typeof selectPurchases>['where']>>[number];

function toPurchasedPackageView({ row, name, isExpired }: PurchaseRow): PurchasedPackageView {
  const remainingDays = row.totalDays - row.settledDays;
  return {
    id: row.id,
    packageId: row.packageId,
    name,
    amount: microsToDollars(row.amount),
    dailyProfitAmount: microsToDollars(row.dailyProfit),
    dailyPercentage: rateToPercentage(row.dailyRate),
    totalDays: row.totalDays,
    totalProfit: microsToDollars(row.dailyProfit * BigInt(row.totalDays)),
    createdAt: row.createdAt.toISOString(),
    startDate: row.startDay,
    expiresAt: row.endsAt.toISOString(),
    isExpired,
    claimedDays: row.claimedDays,
    claimedProfit: microsToDollars(row.claimedProfit),
    forfeitedDays: row.settledDays - row.claimedDays,
    remainingDays,
    remainingProfit: microsToDollars(row.dailyProfit * BigInt(remainingDays)),
  };
}

async function readPurchases(db: Executor, now: Date, where: SQL | undefined, page?: PageQuery) {
  const query = selectPurchases(db, now)
    .where(where)
    .orderBy(desc(memberPackages.createdAt), desc(memberPackages.id));
  const rows = page
    ? await query.limit(page.pageSize).offset((page.page - 1) * page.pageSize)
    : await query;
  return rows.map(toPurchasedPackageView);
}

/** One purchase, only if it belongs to the member (another member's id reads as missing). */
export async function findMemberPackage(
  db: Executor,
  memberId: string,
  id: string,
  now: Date,
): Promise<PurchasedPackageView | null> {
  const [found] = await readPurchases(
    db,
    now,
    and(eq(memberPackages.memberId, memberId), eq(memberPackages.id, id)),
  );
  return found ?? null;
}

/** The member's purchases, newest first. */
export async function listMemberPackages(
  db: Executor,
  memberId: string,
  now: Date,
  page: PageQuery,
): Promise<Page<PurchasedPackageView>> {
  const mine = eq(memberPackages.memberId, memberId);
  const [data, [totals]] = await Promise.all([
    readPurchases(db, now, mine, page),
    db.select({ total: count() }).from(memberPackages).where(mine),
  ]);
  return { data, page: page.page, pageSize: page.pageSize, total: totals?.total ?? 0 };
}
