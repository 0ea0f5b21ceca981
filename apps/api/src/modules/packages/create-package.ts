import type { z } from 'zod';
import type { createPackageBody } from '@app/contracts';
import { percentageToRate, toMicros, type OperatorPackageView } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { packages } from '../../db/schema/packages.ts';
import { withTransaction } from '../../ledger/index.ts';
import {
  auditPackage,
  checkNameFree,
  checkRange,
  toOperatorView,
  type Actor,
} from './package-terms.ts';

type CreateInput = z.output<typeof createPackageBody>;

/** Adds a package to the catalogue, on sale at once. */
export async function createPackage(
  db: Db,
  input: CreateInput,
  actor: Actor,
  now: Date,
): Promise<OperatorPackageView> {
  const terms = {
    name: input.name,
    minAmount: toMicros(input.minAmount),
    maxAmount: toMicros(input.maxAmount),
    dailyRate: percentageToRate(input.dailyPercentage),
    totalDays: input.totalDays,
    sortOrder: input.sortOrder,
  };
  checkRange(terms.minAmount, terms.maxAmount);
  return withTransaction(db, async (tx) => {
    await checkNameFree(tx, terms.name, null);
    const [row] = await tx
      .insert(packages)
      .values({ ...terms, active: true, createdAt: now })
      .returning();
    if (!row) throw new Error('package insert returned nothing');
    const view = toOperatorView(row, 1);
    await auditPackage(tx, actor, 'package.create', row.id, { package: view }, now);
    return view;
  });
}
