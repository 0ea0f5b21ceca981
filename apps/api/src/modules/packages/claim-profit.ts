import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { formatAmount, microsToDollars, type ClaimProfitData } from '@app/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { intArray, loadCurrentPlan } from '../../core/plan.ts';

/** formatAmount in SQL (the dollars_text function of migration 0009). */
export const dollarsText = (micros: SQL) => sql`dollars_text(${micros})`;

type SettledDay = {
  member_package_id: string;
  package_name: string;
  day_number: number;
  accrual_day: string;
  amount: string;
  status: 'paid' | 'forfeited';
};

/**
 * POST package/claim-profit: settles what is due and credits the paid days to the profit wallet
 * from house:profit-expense. The whole claim is ONE statement, the package_claim_profit function
 * (migration 0009, where each step is explained): it locks the member's unsettled packages, inserts
 * each due (package, day) at most once (primary key), advances the counters, writes the
 * notification and posts one transfer through the ledger's ledger_post_transfer, whose reference
 * names the claim's first package and the day range settled on it, and records the team profit of
 * the claimer's upline (migration 0012). A single statement is a single transaction, so it is all
 * or nothing, in one round trip on the platform's hottest path.
 */
export async function claimProfit(
  db: Db,
  memberId: string,
  now: Date,
): Promise<{ claim: ClaimProfitData; message: string }> {
  const plan = await loadCurrentPlan(db);
  const claimId = randomUUID();
  const days = await queryRows<SettledDay>(
    db,
    sql`select member_package_id::text, package_name, day_number, accrual_day::text, amount::text, status
    from package_claim_profit(${memberId}::uuid, ${claimId}::uuid, ${plan.version}::int,
      ${plan.settings.timeZone}, ${plan.settings.missedDays === 'forfeit'}::boolean,
      ${now.toISOString()}::timestamptz, ${intArray(plan.settings.teamProfitRates)}::int[],
      ${intArray(plan.settings.directsRequired)}::int[])`,
  );
  if (days.length === 0) throw new AppError('NOTHING_TO_CLAIM', 'Nothing to claim yet');
  const paid = days.filter((day) => day.status === 'paid');
  const total = paid.reduce((sum, day) => sum + BigInt(day.amount), 0n);
  const claim = {
    claimId,
    totalAmount: microsToDollars(total),
    lines: paid.map((day) => ({
      packageId: day.member_package_id,
      packageName: day.package_name,
      dayNumber: day.day_number,
      period: day.accrual_day,
      amount: microsToDollars(BigInt(day.amount)),
    })),
    forfeitedDays: days.length - paid.length,
  };
  // The same words the function wrote into the member's notifications.
  return { claim, message: `Profit claimed: ${formatAmount(total)}` };
}
