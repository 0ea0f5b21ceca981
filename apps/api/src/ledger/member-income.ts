import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';
import { HOUSE_ACCOUNTS } from './accounts.ts';

// Income is what the house pays a member as an expense: a credit to one of the member's wallets
// in a transfer whose other side is an expense account (daily profit, compounding income, and
// the commissions and rewards to come). Deposits, moves between the member's own wallets and
// adjustments are not income, whatever their kind is called.

const EXPENSE_ACCOUNTS = [
  HOUSE_ACCOUNTS.profitExpense,
  HOUSE_ACCOUNTS.commissionExpense,
  HOUSE_ACCOUNTS.rewardExpense,
];

/** Income of one day (in the caller's time zone) and transfer kind, in micro-dollars. */
export type DailyIncome = { day: string; kind: string; amount: bigint };

/** The member's income credited at `from` ≤ time < `before`, per day in `timeZone` and kind. */
export async function listMemberIncomeByDay(
  db: Executor,
  memberId: string,
  range: { from: Date; before: Date; timeZone: string },
): Promise<DailyIncome[]> {
  const rows = await queryRows<{ day: string; kind: string; amount: string }>(
    db,
    sql`
    select (p.created_at at time zone ${range.timeZone})::date::text as day, t.kind,
      sum(p.amount)::text as amount
    from postings p
    join accounts a on a.id = p.account_id
    join transfers t on t.id = p.transfer_id
    where a.member_id = ${memberId}::uuid and p.amount > 0
      and p.created_at >= ${range.from.toISOString()}::timestamptz
      and p.created_at < ${range.before.toISOString()}::timestamptz
      and exists (
        select 1 from postings e join accounts h on h.id = e.account_id
        where e.transfer_id = t.id and h.member_id is null
          and h.kind in (${sql.join(
            EXPENSE_ACCOUNTS.map((code) => sql`${code}`),
            sql`, `,
          )}))
    group by 1, 2
    order by 1, 2`,
  );
  return rows.map((row) => ({ day: row.day, kind: row.kind, amount: BigInt(row.amount) }));
}
