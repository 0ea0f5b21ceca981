import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updatePackageBody } from '@app/contracts';
import { percentageToRate, toMicros, type OperatorPackageView } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { packages } from '../../db/schema/packages.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import type { CataloguePackage } from './catalogue.ts';
import {
  auditPackage,
  checkNameFree,
  checkRange,
  lockPackage,
  toOperatorView,
  versionOf,
  type Actor,
} from './package-terms.ts';

type UpdateInput = z.output<typeof updatePackageBody>;

/** Changes a package's terms for later purchases; its version goes up by one. */
export async function updatePackage(
  db: Db,
  id: string,
  input: UpdateInput,
  actor: Actor,
  now: Date,
): Promise<OperatorPackageView> {
  const changes: Partial<CataloguePackage> = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.minAmount === undefined ? {} : { minAmount: toMicros(input.minAmount) }),
    ...(input.maxAmount === undefined ? {} : { maxAmount: toMicros(input.maxAmount) }),
    ...(input.dailyPercentage === undefined
      ? {}
      : { dailyRate: percentageToRate(input.dailyPercentage) }),
    ...(input.totalDays === undefined ? {} : { totalDays: input.totalDays }),
    ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }),
  };
  if (Object.keys(changes).length === 0) throw new AppError('VALIDATION', 'Nothing to change');
  return withTransaction(db, async (tx) => {
    const current = await lockPackage(tx, id);
    const before = await versionOf(tx, id);
    checkRange(changes.minAmount ?? current.minAmount, changes.maxAmount ?? current.maxAmount);
    if (changes.name !== undefined) await checkNameFree(tx, changes.name, id);
    const [row] = await tx.update(packages).set(changes).where(eq(packages.id, id)).returning();
    if (!row) throw new Error(`package ${id} vanished while locked`);
    const view = toOperatorView(row, before + 1);
    await auditPackage(
      tx,
      actor,
      'package.update',
      id,
      { before: toOperatorView(current, before), after: view },
      now,
    );
    return view;
  });
}
