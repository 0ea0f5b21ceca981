import { sql } from 'drizzle-orm';
import { microsToDollars, type LiabilitiesData } from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { HOUSE_ACCOUNTS, readWalletTotals } from '../../ledger/index.ts';
import { businessDaySql } from '../../core/plan.ts';

// What the platform owes its members against what it received, exact to the micro-dollar:
// wallets (withdrawable, held, fund), the daily profit of active packages (accrued and not yet
// claimed, and still to accrue), and incomes earned but not yet credited, against deposits
// received minus withdrawals paid. One snapshot per statement; a report, never a request path.

type ProfitRow = { accrued: string; future: string; pending_incomes: string };

/** Every figure of the report in micro-dollars, named as in the contract. */
export type LiabilityMicros = { [K in Exclude<keyof LiabilitiesData, 'asOf'>]: bigint };

export async function readLiabilities(
  db: Executor,
  now: Date,
  timeZone: string,
): Promise<LiabilitiesData> {
  const figures = await readLiabilityMicros(db, now, timeZone);
  return {
    asOf: now.toISOString(),
    ...(Object.fromEntries(
      Object.entries(figures).map(([name, micros]) => [name, microsToDollars(micros)]),
    ) as { [K in keyof LiabilityMicros]: number }),
  };
}

/** The report exact, for the CSV export and for readLiabilities. */
export async function readLiabilityMicros(
  db: Executor,
  now: Date,
  timeZone: string,
): Promise<LiabilityMicros> {
  const today = businessDaySql(now, timeZone);
  const [[profit], wallets] = await Promise.all([
    queryRows<ProfitRow>(
      db,
      sql`
      select
        coalesce(sum(greatest(0, least(total_days, ${today} - start_day) - settled_days) * daily_profit)
          filter (where settled_days < total_days), 0)::text as accrued,
        coalesce(sum((total_days - greatest(settled_days, least(total_days, greatest(0, ${today} - start_day))))
          * daily_profit), 0)::text as future,
        (select coalesce(sum(amount), 0) from incomes where status = 'pending')::text as pending_incomes
      from member_packages`,
    ),
    readWalletTotals(db),
  ]);
  const micros = (value: string | undefined) => BigInt(value ?? 0);
  const wallet = (kind: string) => wallets.members.get(kind) ?? { balance: 0n, held: 0n };
  const withdrawable =
    wallet('profit').balance -
    wallet('profit').held +
    wallet('compounding').balance -
    wallet('compounding').held;
  const held = wallet('fund').held + wallet('profit').held + wallet('compounding').held;
  const fund = wallet('fund').balance - wallet('fund').held;
  const accrued = micros(profit?.accrued);
  const future = micros(profit?.future);
  const pendingIncomes = micros(profit?.pending_incomes);
  const owed = withdrawable + held + fund + accrued + future + pendingIncomes;
  // House accounts hold the negative of what left them: deposits credited members from house:deposits.
  const deposits = -(wallets.house.get(HOUSE_ACCOUNTS.deposits) ?? 0n);
  const withdrawals = wallets.house.get(HOUSE_ACCOUNTS.withdrawals) ?? 0n;
  return {
    withdrawableNow: withdrawable,
    pendingWithdrawals: held,
    fundWallets: fund,
    accruedUnclaimedProfit: accrued,
    futureProfit: future,
    commissionsAccrued: pendingIncomes,
    totalOwed: owed,
    depositsReceived: deposits,
    withdrawalsPaid: withdrawals,
    netReceived: deposits - withdrawals,
    coverage: deposits - withdrawals - owed,
  };
}
