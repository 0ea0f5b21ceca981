import { and, eq, sql } from 'drizzle-orm';
import type { JobLimits } from '../../db/statement-limits.ts';
import { applyRate, formatAmount, NOTIFICATION_LINKS } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { compoundingIncomes } from '../../db/schema/money-flows.ts';
import {
  lockWalletsWithAvailable,
  postTransfer,
  withTransaction,
  type HouseAccountIds,
  type LockedWallet,
} from '../../ledger/index.ts';
import { notifyMember } from '../../core/notifications.ts';

// Compounding income for one business day, paid in batches: each batch is one transaction, so a
// crash loses at most the batch in flight and the next run carries on from the members without
// a row. The row (primary key member, day) is written before the money moves: whoever inserts it
// pays, anyone else finds the conflict and pays nothing.

export type IncomeDay = {
  /** The business day paid for (YYYY-MM-DD). */
  day: string;
  /** Rate units of 1e-4 % (compoundingDailyRate). */
  rate: number;
  planVersion: number;
};

/**
 * Pays the next `batchSize` members (in member id order) who have a positive available
 * compounding balance and no income row for the day. Returns how many members it looked at; 0
 * means the day is complete. The accounts are locked (FOR UPDATE) so the base cannot change
 * between reading it and paying on it; a second instance doing the same waits, then skips every
 * member the first one paid.
 */
export async function payCompoundingBatch(
  db: Db,
  house: HouseAccountIds,
  income: IncomeDay,
  batchSize: number,
  now: Date,
  limits?: JobLimits,
): Promise<number> {
  return withTransaction(
    db,
    async (tx) => {
      const due = await lockWalletsWithAvailable(tx, {
        wallet: 'compounding',
        limit: batchSize,
        skip: (memberId) => sql`exists (
        select 1 from compounding_incomes c
        where c.member_id = ${memberId} and c.business_day = ${income.day}::date)`,
      });
      for (const wallet of due) await payMember(tx, house, income, wallet, now);
      return due.length;
    },
    { jobLimits: limits },
  );
}

async function payMember(
  tx: Tx,
  house: HouseAccountIds,
  income: IncomeDay,
  wallet: LockedWallet,
  now: Date,
): Promise<void> {
  const { memberId, accountId, available: base } = wallet;
  const amount = applyRate(base, BigInt(income.rate));
  const [claimed] = await tx
    .insert(compoundingIncomes)
    .values({
      memberId,
      businessDay: income.day,
      baseAmount: base,
      rate: income.rate,
      amount,
      planVersion: income.planVersion,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ memberId: compoundingIncomes.memberId });
  // Another run paid this member for the day first, or a base under $0.001 earned nothing: the
  // row alone records that the day is settled (the ledger refuses zero-amount lines).
  if (!claimed || amount === 0n) return;
  const transfer = await postTransfer(tx, {
    reference: `compounding:${memberId}:${income.day}`,
    kind: 'compounding-income',
    memberId,
    metadata: { businessDay: income.day, baseAmount: base.toString(), rate: income.rate },
    lines: [
      { accountId, amount },
      { accountId: house.profitExpense, amount: -amount },
    ],
    now,
  });
  await tx
    .update(compoundingIncomes)
    .set({ transferId: transfer.transferId })
    .where(
      and(
        eq(compoundingIncomes.memberId, memberId),
        eq(compoundingIncomes.businessDay, income.day),
      ),
    );
  await notifyMember(
    tx,
    memberId,
    `Compounding income of ${formatAmount(amount)} for ${income.day} credited`,
    now,
    { kind: 'income', link: NOTIFICATION_LINKS.compoundingIncome },
  );
}
