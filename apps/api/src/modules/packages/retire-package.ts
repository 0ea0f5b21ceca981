import { eq } from 'drizzle-orm';
import type { OperatorPackageView } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { packages } from '../../db/schema/packages.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import {
  auditPackage,
  lockPackage,
  toOperatorView,
  versionOf,
  type Actor,
} from './package-terms.ts';

/** Takes the package off sale; its holders keep their purchases, accruals and claims. */
export async function retirePackage(
  db: Db,
  id: string,
  actor: Actor,
  now: Date,
): Promise<OperatorPackageView> {
  return withTransaction(db, async (tx) => {
    const current = await lockPackage(tx, id);
    if (!current.active)
      throw new AppError('CONFLICT', `Package ${current.name} is already retired`);
    const [row] = await tx
      .update(packages)
      .set({ active: false })
      .where(eq(packages.id, id))
      .returning();
    if (!row) throw new Error(`package ${id} vanished while locked`);
    await auditPackage(tx, actor, 'package.retire', id, { name: row.name }, now);
    return toOperatorView(row, await versionOf(tx, id));
  });
}
