import { sql } from 'drizzle-orm';
import {
  can,
  DASHBOARD_SERIES_DAYS,
  microsToDollars,
  type DashboardData,
  type DashboardMoney,
  type DashboardMoneyFigures,
  type OperatorRole,
} from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { DAY_MS, utcDayStart } from '../../lib/clock.ts';
import { countFailedMails } from '../../core/mail-outbox/failed-mails.ts';

// GET operator/dashboard: one grouped read of the last 14 UTC days of deposits, withdrawals and
// new members, from which today, this week (from Monday) and the charts are summed exactly in
// bigint; plus the work queues and the mails given up on. The liabilities and reconciliation come from their reports.

/** What one UTC day saw of one kind of event: how many and how much (micro-dollars). */
type DayRow = { day: string; kind: EventKind; n: number; amount: string };
type EventKind = 'deposit' | 'requested' | 'paid' | 'member';
type Tally = { count: number; amount: bigint };

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  dayOf(new Date(utcDayStart(day).getTime() + days * DAY_MS));

/** Today, the Monday its week started on, and the first day of the charts (UTC days). */
export function dashboardDays(now: Date) {
  const today = dayOf(now);
  const sinceMonday = (utcDayStart(today).getUTCDay() + 6) % 7;
  return {
    today,
    weekStart: addDays(today, -sinceMonday),
    seriesStart: addDays(today, 1 - DASHBOARD_SERIES_DAYS),
  };
}

/**
 * Deposits count when confirmed (by an operator, or by the gateway: then at their last update),
 * withdrawals when requested and when paid, each at its full amount (fee included).
 */
async function readDays(db: Executor, since: Date): Promise<DayRow[]> {
  const sinceText = since.toISOString();
  return queryRows<DayRow>(
    db,
    sql`
    select day::text as day, kind, count(*)::int as n, coalesce(sum(amount), 0)::text as amount
    from (
      select 'deposit' as kind, (coalesce(decided_at, updated_at) at time zone 'UTC')::date as day, amount
        from deposits where status = 'confirmed' and coalesce(decided_at, updated_at) >= ${sinceText}::timestamptz
      union all
      select 'requested', (created_at at time zone 'UTC')::date, amount
        from withdrawals where created_at >= ${sinceText}::timestamptz
      union all
      select 'paid', (decided_at at time zone 'UTC')::date, amount
        from withdrawals where status = 'paid' and decided_at >= ${sinceText}::timestamptz
      union all
      select 'member', (created_at at time zone 'UTC')::date, 0
        from members where created_at >= ${sinceText}::timestamptz
    ) events
    group by day, kind`,
  );
}

type Queues = {
  deposits: number;
  withdrawals: number;
  adjustments: number;
  open: number;
  answered: number;
};

async function readQueues(db: Executor): Promise<Queues> {
  const [row] = await queryRows<Queues>(
    db,
    sql`
    select
      (select count(*)::int from deposits where status = 'pending') as deposits,
      (select count(*)::int from withdrawals where status = 'pending') as withdrawals,
      (select count(*)::int from money_adjustments where status = 'pending') as adjustments,
      (select count(*)::int from tickets where status = 'open') as open,
      (select count(*)::int from tickets where status = 'answered') as answered`,
  );
  if (!row) throw new Error('the queue counts returned no row');
  return row;
}

/** Sums of one kind over the days from `first` on (inclusive). */
function tally(rows: DayRow[], kind: EventKind, first: string): Tally {
  let count = 0;
  let amount = 0n;
  for (const row of rows) {
    if (row.kind !== kind || row.day < first) continue;
    count += row.n;
    amount += BigInt(row.amount);
  }
  return { count, amount };
}

const figure = (value: Tally) => ({ count: value.count, amount: microsToDollars(value.amount) });

function moneyFigures(rows: DayRow[], first: string): DashboardMoneyFigures {
  return {
    depositsConfirmed: figure(tally(rows, 'deposit', first)),
    withdrawalsRequested: figure(tally(rows, 'requested', first)),
    withdrawalsPaid: figure(tally(rows, 'paid', first)),
  };
}

const seriesDays = (seriesStart: string) =>
  Array.from({ length: DASHBOARD_SERIES_DAYS }, (_, index) => addDays(seriesStart, index));

const onDay = (rows: DayRow[], kind: EventKind, day: string) =>
  rows.find((row) => row.kind === kind && row.day === day);

/** The money part, computed only for the roles that may see it. */
export type MoneyReports = Pick<DashboardMoney, 'liabilities' | 'reconciliation'>;

export async function readDashboard(
  db: Executor,
  now: Date,
  role: OperatorRole,
  moneyReports: () => Promise<MoneyReports>,
): Promise<DashboardData> {
  const days = dashboardDays(now);
  const seesMoney = can(role, 'money.read');
  const [rows, queues, failedMails, reports] = await Promise.all([
    readDays(db, utcDayStart(days.seriesStart)),
    readQueues(db),
    countFailedMails(db, now),
    seesMoney ? moneyReports() : null,
  ]);
  const series = seriesDays(days.seriesStart);
  return {
    asOf: now.toISOString(),
    today: days.today,
    weekStart: days.weekStart,
    newMembers: {
      today: tally(rows, 'member', days.today).count,
      week: tally(rows, 'member', days.weekStart).count,
    },
    tickets: { open: queues.open, answered: queues.answered },
    mails: { failed: failedMails },
    memberSeries: series.map((day) => ({ day, newMembers: onDay(rows, 'member', day)?.n ?? 0 })),
    money: reports && {
      today: moneyFigures(rows, days.today),
      week: moneyFigures(rows, days.weekStart),
      queues: {
        deposits: queues.deposits,
        withdrawals: queues.withdrawals,
        adjustments: queues.adjustments,
      },
      ...reports,
      series: series.map((day) => ({
        day,
        deposits: microsToDollars(BigInt(onDay(rows, 'deposit', day)?.amount ?? 0)),
        withdrawalsPaid: microsToDollars(BigInt(onDay(rows, 'paid', day)?.amount ?? 0)),
      })),
    },
  };
}
