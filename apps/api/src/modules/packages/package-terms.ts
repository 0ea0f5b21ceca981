import { and, eq, ne, sql } from 'drizzle-orm';
import { catalogueLabels, type OperatorPackageView } from '@app/contracts';
import type { Tx } from '../../db/client.ts';
import { packages } from '../../db/schema/packages.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import { toPackageView, type CataloguePackage } from './catalogue.ts';

// Catalogue management by admins (decision 0005, "Managing the catalogue"). A purchase copies its
// package's terms (buy-package.ts), so an edit or a retirement changes only what is sold from
// then on: holders keep accruing and claiming on the terms they bought. Each change and its audit
// row commit in one transaction. One use case per file (list-all-packages, create-package,
// update-package, retire-package); what they share is here.

/** Who changed the catalogue and from where, for the audit row. */
export type Actor = { operatorId: string; ip: string };

export const toOperatorView = (row: CataloguePackage, version: number): OperatorPackageView => ({
  ...toPackageView(row),
  sortOrder: row.sortOrder,
  createdAt: row.createdAt.toISOString(),
  version,
});

/**
 * The version of a package's terms: 1 as added, plus one per audited edit. Packages keep no
 * history of their own (a purchase copies the terms it bought), so the audit log is the record.
 */
export const termsVersion = sql<number>`(1 + (select count(*) from audit_log a
  where a.target_type = 'package' and a.action = 'package.update'
  and a.target_id = "packages"."id"::text))::int`;

export async function versionOf(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .select({ version: termsVersion })
    .from(packages)
    .where(eq(packages.id, id));
  return row?.version ?? 1;
}

export async function lockPackage(tx: Tx, id: string): Promise<CataloguePackage> {
  const [row] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such package');
  return row;
}

export function checkRange(min: bigint, max: bigint): void {
  if (max < min)
    throw fieldError(
      'maxAmount',
      `${catalogueLabels.maxAmount} must not be less than ${catalogueLabels.minAmount}`,
    );
}

/** Names are unique regardless of case, so two packages never look alike in the catalogue. */
export async function checkNameFree(tx: Tx, name: string, exceptId: string | null): Promise<void> {
  const [taken] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(
      and(
        sql`lower(${packages.name}) = lower(${name})`,
        exceptId ? ne(packages.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError('name', `${catalogueLabels.name} is already used by another package`);
}

export const auditPackage = (
  tx: Tx,
  actor: Actor,
  action: string,
  id: string,
  detail: Record<string, unknown>,
  now: Date,
) =>
  recordAudit(tx, {
    operatorId: actor.operatorId,
    action,
    targetType: 'package',
    targetId: id,
    detail,
    ip: actor.ip,
    now,
  });
