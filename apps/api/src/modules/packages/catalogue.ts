import { asc, count, eq } from 'drizzle-orm';
import {
  microsToDollars,
  rateToPercentage,
  type Page,
  type PackageView,
  type PageQuery,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { packages } from '../../db/schema/packages.ts';

export type CataloguePackage = typeof packages.$inferSelect;

/** The packages on sale, in the catalogue's order; retired ones are not listed. */
export async function listCatalogue(
  db: Executor,
  { page, pageSize }: PageQuery,
): Promise<Page<PackageView>> {
  const onSale = eq(packages.active, true);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(packages)
      .where(onSale)
      .orderBy(asc(packages.sortOrder), asc(packages.minAmount), asc(packages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(packages).where(onSale),
  ]);
  return { data: rows.map(toPackageView), page, pageSize, total: totals?.total ?? 0 };
}

export async function findPackage(db: Executor, id: string): Promise<CataloguePackage | null> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  return row ?? null;
}

export function toPackageView(row: CataloguePackage): PackageView {
  return {
    id: row.id,
    name: row.name,
    minAmount: microsToDollars(row.minAmount),
    maxAmount: microsToDollars(row.maxAmount),
    dailyPercentage: rateToPercentage(row.dailyRate),
    totalDays: row.totalDays,
    active: row.active,
  };
}
