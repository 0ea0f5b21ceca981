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
import { listMemberIncomeByDay, type DailyIncome } from '../../ledger/index.ts';
import { addDays, businessDaySql, dayStartSql, loadCurrentPlan } from '../../core/plan.ts';

// Reads only: the member's income (as the ledger defines it) per business day and kind.

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
  const [range] = await queryRows<{
    from: string;
    to: string;
    span: number;
    start: string;
    end: string;
  }>(
    db,
    sql`
    with last as (
      select coalesce(${query.to ?? null}::date, ${businessDaySql(now, zone)}) as day
    ), bounds as (
      select coalesce(${query.from ?? null}::date, day - ${USER_EARNER_DEFAULT_DAYS - 1}::int) as first,
        day as last
      from last)
    select first::text as "from", last::text as "to", last - first + 1 as span,
      (extract(epoch from ${dayStartSql(sql`first`, zone)}) * 1000)::bigint::text as "start",
      (extract(epoch from ${dayStartSql(sql`last + 1`, zone)}) * 1000)::bigint::text as "end"
    from bounds`,
  );
  if (!range) throw new Error('range query returned nothing');
  const { from, to } = range;
  if (Number(range.span) > USER_EARNER_MAX_DAYS)
    throw fieldError('from', `The range can be at most ${USER_EARNER_MAX_DAYS} days`);
  const income = await listMemberIncomeByDay(db, memberId, {
    from: new Date(Number(range.start)),
    before: new Date(Number(range.end)),
    timeZone: zone,
  });
  return chart(from, to, income);
}

function chart(from: string, to: string, income: DailyIncome[]): UserEarnerData {
  // Every day of the range, so the chart has its zero days too; a Map keeps their order.
  const days = new Map<string, Map<string, bigint>>();
  for (let day = from; day <= to; day = addDays(day, 1)) days.set(day, new Map());
  const totals = new Map<string, bigint>();
  for (const row of income) {
    days.get(row.day)?.set(row.kind, row.amount);
    totals.set(row.kind, (totals.get(row.kind) ?? 0n) + row.amount);
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
