import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { formatDollars, microsToDollars, type ClaimProfitData } from '@app/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { postTransfer, withTransaction } from '../../ledger/index.ts';
import { businessDaySql, loadCurrentPlan, type Plan } from '../plan/plan.ts';
import { houseAccountIds, memberAccountIds } from './account-ids.ts';

/**
 * formatDollars in SQL: `$`, thousands grouped, up to 6 decimals without trailing zeros. Exact,
 * since numeric division of the bigint by 10^6 has no rounding at 6 places.
 */
export const dollarsText = (micros: SQL) =>
  sql`'$' || rtrim(to_char((${micros})::numeric / 1000000, 'FM999,999,999,999,990.999999'), '.')`;

type SettledDay = {
  member_package_id: string;
  name: string;
  day_number: number;
  accrual_day: string;
  amount: string;
  status: 'paid' | 'forfeited';
};

/**
 * Settles every accrued, unsettled day of the member's packages in ONE statement, inside the
 * caller's transaction, and returns the days it settled:
 * - the member's unsettled packages are locked FOR UPDATE in id order, so concurrent claims of one
 *   member queue (and the second then finds nothing due), while other members never wait;
 * - each due (package, day) is inserted with ON CONFLICT DO NOTHING, and only rows actually
 *   inserted are counted as settled and paid: a day is paid at most once even if the locking
 *   above were ever bypassed;
 * - carry pays every due day; forfeit pays the latest and records the earlier ones forfeited;
 * - the member's notification is written here too (not by notifyMember), because a claim is on
 *   the platform's hottest path and every round trip saved counts: its text is formatDollars'
 *   rule in SQL (claim-profit.test.ts holds the two to the same output).
 */
async function settleDueDays(
  tx: Tx,
  memberId: string,
  plan: Plan,
  claimId: string,
  now: Date,
): Promise<SettledDay[]> {
  const today = businessDaySql(now, plan.settings.timeZone);
  const forfeit = plan.settings.missedDays === 'forfeit';
  return queryRows<SettledDay>(
    tx,
    sql`
    with locked as (
      select id, package_id, daily_profit, start_day, total_days, settled_days,
        least(total_days, ${today} - start_day) as accrued
      from member_packages
      where member_id = ${memberId}::uuid and settled_days < total_days
      order by id
      for update
    ), due as (
      select l.id, n as day_number, l.start_day + n as accrual_day, l.daily_profit as amount,
        case when ${forfeit}::boolean and n < l.accrued then 'forfeited' else 'paid' end as status
      from locked l cross join lateral generate_series(l.settled_days + 1, l.accrued) as n
    ), inserted as (
      insert into package_claims
        (member_package_id, day_number, member_id, accrual_day, amount, status, claim_id, plan_version, created_at)
      select id, day_number, ${memberId}::uuid, accrual_day, amount, status, ${claimId}::uuid, ${plan.version}::int,
        ${now.toISOString()}::timestamptz
      from due
      on conflict (member_package_id, day_number) do nothing
      returning member_package_id, day_number, accrual_day, amount, status
    ), settled as (
      update member_packages mp set
        settled_days = greatest(mp.settled_days, s.last_day),
        claimed_days = mp.claimed_days + s.paid_days,
        claimed_profit = mp.claimed_profit + s.paid_amount
      from (
        select member_package_id, max(day_number) as last_day,
          count(*) filter (where status = 'paid') as paid_days,
          coalesce(sum(amount) filter (where status = 'paid'), 0) as paid_amount
        from inserted group by member_package_id
      ) s
      where mp.id = s.member_package_id
    ), notified as (
      insert into notifications (member_id, message, created_at)
      select ${memberId}::uuid, 'Profit claimed: ' || ${dollarsText(sql`total`)}, ${now.toISOString()}::timestamptz
      from (select sum(amount) as total from inserted where status = 'paid') paid
      where total > 0
    )
    select i.member_package_id::text, p.name, i.day_number, i.accrual_day::text, i.amount::text, i.status
    from inserted i
      join locked l on l.id = i.member_package_id
      join packages p on p.id = l.package_id
    order by i.member_package_id, i.day_number`,
  );
}

/**
 * POST package/claim-profit: settles what is due and credits the paid days to the profit wallet
 * from house:profit-expense, all in one transaction. One transfer per claim; its reference names
 * the claim's first package and the day range settled on it (`claim:<memberPackageId>:<from>-<to>`),
 * unique because a package's days are settled in disjoint ranges, and the same for a replay.
 */
export async function claimProfit(
  db: Db,
  memberId: string,
  now: Date,
): Promise<{ claim: ClaimProfitData; message: string }> {
  const [plan, house] = await Promise.all([loadCurrentPlan(db), houseAccountIds(db)]);
  return withTransaction(db, async (tx) => {
    const claimId = randomUUID();
    const days = await settleDueDays(tx, memberId, plan, claimId, now);
    const first = days[0];
    if (!first) throw new AppError('NOTHING_TO_CLAIM', 'Nothing to claim yet');
    const paid = days.filter((day) => day.status === 'paid');
    const total = paid.reduce((sum, day) => sum + BigInt(day.amount), 0n);
    // The same words the statement wrote into the member's notifications.
    const message = `Profit claimed: ${formatDollars(total)}`;

    if (total > 0n) {
      const wallets = await memberAccountIds(db, tx, memberId);
      const firstRange = days.filter((day) => day.member_package_id === first.member_package_id);
      const reference = `claim:${first.member_package_id}:${first.day_number}-${firstRange.at(-1)?.day_number}`;
      const transfer = await postTransfer(tx, {
        reference,
        kind: 'trade-income',
        memberId,
        metadata: { claimId, planVersion: plan.version, packages: rangesOf(days) },
        lines: [
          { accountId: house.profitExpense, amount: -total },
          { accountId: wallets.profit, amount: total },
        ],
        now,
      });
      // Settled days are new rows, so their transfer cannot exist yet; if it does, refuse the whole claim.
      if (transfer.status === 'duplicate')
        throw new Error(`transfer ${reference} already exists for days just settled`);
    }
    const claim = {
      claimId,
      totalAmount: microsToDollars(total),
      lines: paid.map((day) => ({
        packageId: day.member_package_id,
        packageName: day.name,
        dayNumber: day.day_number,
        period: day.accrual_day,
        amount: microsToDollars(BigInt(day.amount)),
      })),
      forfeitedDays: days.length - paid.length,
    };
    return { claim, message };
  });
}

/** Per package: the day range settled and what was paid, for the transfer's metadata. */
function rangesOf(days: SettledDay[]) {
  const ranges = new Map<
    string,
    { memberPackageId: string; fromDay: number; toDay: number; paid: bigint }
  >();
  for (const day of days) {
    const range = ranges.get(day.member_package_id) ?? {
      memberPackageId: day.member_package_id,
      fromDay: day.day_number,
      toDay: day.day_number,
      paid: 0n,
    };
    range.toDay = day.day_number;
    if (day.status === 'paid') range.paid += BigInt(day.amount);
    ranges.set(day.member_package_id, range);
  }
  return [...ranges.values()].map((range) => ({ ...range, paid: range.paid.toString() }));
}
