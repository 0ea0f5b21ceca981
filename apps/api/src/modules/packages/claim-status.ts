import { sql } from 'drizzle-orm';
import { microsToDollars, type ClaimStatusData } from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { businessDaySql, dayStartSql, loadCurrentPlan } from '../../core/plan.ts';

type StatusRow = {
  claimed_today: boolean;
  claimed_today_amount: string;
  amount: string;
  days: number;
  next_claim_at: string | null;
};

/**
 * GET package/todays-claim-status: what POST package/claim-profit would pay right now, computed
 * by the same rule (carry: every due day; forfeit: the latest due day of each package), and when
 * the next accrual becomes claimable (the start of tomorrow, while any package still accrues).
 */
export async function getClaimStatus(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<ClaimStatusData> {
  const plan = await loadCurrentPlan(db);
  const { timeZone } = plan.settings;
  const today = businessDaySql(now, timeZone);
  const forfeit = plan.settings.missedDays === 'forfeit';
  const [row] = await queryRows<StatusRow>(
    db,
    sql`
    with open as (
      select daily_profit, total_days, start_day,
        greatest(0, least(total_days, ${today} - start_day) - settled_days) as due
      from member_packages
      where member_id = ${memberId}::uuid and settled_days < total_days
    ), claimable as (
      select daily_profit, total_days, start_day,
        case when ${forfeit}::boolean then least(due, 1) else due end as days
      from open
    ), today_claims as (
      select count(*) > 0 as claimed,
        coalesce(sum(amount) filter (where status = 'paid'), 0)::text as paid
      from package_claims
      where member_id = ${memberId}::uuid and created_at >= ${dayStartSql(today, timeZone)}
    )
    select
      (select claimed from today_claims) as claimed_today,
      (select paid from today_claims) as claimed_today_amount,
      coalesce(sum(days * daily_profit), 0)::text as amount,
      coalesce(sum(days), 0)::int as days,
      case when bool_or(${today} - start_day < total_days)
        then to_json(${dayStartSql(sql`${today} + 1`, timeZone)}) #>> '{}' end as next_claim_at
    from claimable`,
  );
  if (!row) throw new Error('claim status query returned no row');
  return {
    claimedToday: row.claimed_today,
    claimedTodayAmount: microsToDollars(BigInt(row.claimed_today_amount)),
    claimableAmount: microsToDollars(BigInt(row.amount)),
    claimableDays: row.days,
    nextClaimAt: row.next_claim_at === null ? null : new Date(row.next_claim_at).toISOString(),
  };
}
