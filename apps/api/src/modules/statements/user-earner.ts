import { sql } from 'drizzle-orm';
import {
  microsToDollars,
  USER_EARNER_DEFAULT_DAYS,
  USER_EARNER_MAX_DAYS,
  type UserEarnerData,
  type UserEarnerQuery,
} from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { fieldError } from '../../lib/errors.ts';
import { HOUSE_ACCOUNTS } from '../../ledger/index.ts';
import { businessDaySql, dayStartSql, loadCurrentPlan } from '../../shared/plan.ts';

// Reads only. Income is what the house pays a member as an expense: a credit to one of the
// member's wallets in a transfer whose other side is an expense account (daily profit,
// compounding income, and the commissions and rewards to come). Deposits, moves between the
// member's own wallets and adjustments are not income, whatever their kind is called.

const EXPENSE_ACCOUNTS = [
  HOUSE_ACCOUNTS.profitExpense,
  HOUSE_ACCOUNTS.commissionExpense,
  HOUSE_ACCOUNTS.rewardExpense,
];

type Row = { day: string; kind: string | null; amount: string | null };

/** GET auth/user-earner: the member's income per business day and kind over a range. */
export async function userEarnings(
  db: Executor,
  memberId: string,
  query: UserEarnerQuery,
  now: Date,
): Promise<UserEarnerData> {
  const plan = await loadCurrentPlan(db);
  const zone = plan.settings.timeZone;
  // Date arithmetic in PostgreSQL, like every business-day computation (plan.ts).
  const [range] = await queryRows<{ from: string; to: string; span: number }>(
    db,
    sql`
    with last as (
      select coalesce(${query.to ?? null}::date, ${businessDaySql(now, zone)}) as day
    ), bounds as (
      select coalesce(${query.from ?? null}::date, day - ${USER_EARNER_DEFAULT_DAYS - 1}::int) as first,
        day as last
      from last)
    select first::text as "from", last::text as "to", last - first + 1 as span from bounds`,
  );
  if (!range) throw new Error('range query returned nothing');
  const { from, to } = range;
  if (Number(range.span) > USER_EARNER_MAX_DAYS)
    throw fieldError('from', `The range can be at most ${USER_EARNER_MAX_DAYS} days`);

  // Every day of the range (left join), so the chart has its zero days too.
  const rows = await queryRows<Row>(
    db,
    sql`
    with income as (
      select (p.created_at at time zone ${zone})::date as day, t.kind, sum(p.amount) as amount
      from postings p
      join accounts a on a.id = p.account_id
      join transfers t on t.id = p.transfer_id
      where a.member_id = ${memberId}::uuid and p.amount > 0
        and p.created_at >= ${dayStartSql(sql`${from}::date`, zone)}
        and p.created_at < ${dayStartSql(sql`${to}::date + 1`, zone)}
        and exists (
          select 1 from postings e join accounts h on h.id = e.account_id
          where e.transfer_id = t.id and h.member_id is null
            and h.kind in (${sql.join(
              EXPENSE_ACCOUNTS.map((code) => sql`${code}`),
              sql`, `,
            )}))
      group by 1, 2)
    select d::date::text as day, income.kind, income.amount::text as amount
    from generate_series(${from}::date, ${to}::date, interval '1 day') d
    left join income on income.day = d::date
    order by 1, 2`,
  );
  return chart(from, to, rows);
}

function chart(from: string, to: string, rows: Row[]): UserEarnerData {
  // Rows come ordered by day, and a Map keeps that order.
  const days = new Map<string, Map<string, bigint>>();
  const totals = new Map<string, bigint>();
  for (const row of rows) {
    const kinds = days.get(row.day) ?? new Map<string, bigint>();
    days.set(row.day, kinds);
    if (row.kind === null || row.amount === null) continue;
    kinds.set(row.kind, BigInt(row.amount));
    totals.set(row.kind, (totals.get(row.kind) ?? 0n) + BigInt(row.amount));
  }
  return {
    from,
    to,
    kinds: [...totals.keys()].sort(),
    days: [...days].map(([day, kinds]) => ({
      day,
      total: microsToDollars(sum(kinds.values())),
      byKind: dollarsByKind(kinds),
    })),
    totals: dollarsByKind(totals),
    total: microsToDollars(sum(totals.values())),
  };
}

/** Sums stay in micro-dollars; only the answer is in dollars. */
const sum = (values: Iterable<bigint>) => [...values].reduce((total, value) => total + value, 0n);
const dollarsByKind = (kinds: Map<string, bigint>) =>
  Object.fromEntries([...kinds].map(([kind, micros]) => [kind, microsToDollars(micros)]));
