import { asc, count } from 'drizzle-orm';
import type { PageQuery } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { packages } from '../../db/schema/packages.ts';
import { termsVersion, toOperatorView } from './package-terms.ts';

/** Every package, retired ones included, in the catalogue's order. */
export async function listAllPackages(db: Db, { page, pageSize }: PageQuery) {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ row: packages, version: termsVersion })
      .from(packages)
      .orderBy(asc(packages.sortOrder), asc(packages.minAmount), asc(packages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(packages),
  ]);
  return {
    data: rows.map(({ row, version }) => toOperatorView(row, version)),
    page,
    pageSize,
    total: totals?.total ?? 0,
  };
}
