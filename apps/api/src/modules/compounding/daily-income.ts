import { and, eq, sql } from 'drizzle-orm';
import { applyRate, formatDollars } from '@app/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { compoundingIncomes } from '../../db/schema/index.ts';
import { postTransfer, withTransaction, type HouseAccountIds } from '../../ledger/index.ts';
import { notifyMember } from '../../shared/notifications.ts';

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

type Due = { member_id: string; account_id: string; available: string };

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
): Promise<number> {
  return withTransaction(db, async (tx) => {
    const due = await queryRows<Due>(
      tx,
      sql`
      select a.member_id, a.id::text as account_id, (a.balance - a.held)::text as available
      from accounts a
      where a.kind = 'compounding' and a.member_id is not null and a.balance - a.held > 0
        and not exists (
          select 1 from compounding_incomes c
          where c.member_id = a.member_id and c.business_day = ${income.day}::date)
      order by a.member_id
      limit ${batchSize}
      for update of a`,
    );
    for (const row of due) await payMember(tx, house, income, row, now);
    return due.length;
  });
}

async function payMember(
  tx: Tx,
  house: HouseAccountIds,
  income: IncomeDay,
  row: Due,
  now: Date,
): Promise<void> {
  const base = BigInt(row.available);
  const amount = applyRate(base, BigInt(income.rate));
  const [claimed] = await tx
    .insert(compoundingIncomes)
    .values({
      memberId: row.member_id,
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
    reference: `compounding:${row.member_id}:${income.day}`,
    kind: 'compounding-income',
    memberId: row.member_id,
    metadata: { businessDay: income.day, baseAmount: base.toString(), rate: income.rate },
    lines: [
      { accountId: BigInt(row.account_id), amount },
      { accountId: house.profitExpense, amount: -amount },
    ],
    now,
  });
  await tx
    .update(compoundingIncomes)
    .set({ transferId: transfer.transferId })
    .where(
      and(
        eq(compoundingIncomes.memberId, row.member_id),
        eq(compoundingIncomes.businessDay, income.day),
      ),
    );
  await notifyMember(
    tx,
    row.member_id,
    `Compounding income of ${formatDollars(amount)} for ${income.day} credited`,
    now,
  );
}
