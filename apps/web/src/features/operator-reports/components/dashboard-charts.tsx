import type { DashboardData } from '@app/contracts';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartFigure } from '../../../components/chart-figure.tsx';
import { formatDay } from '../../../lib/format.ts';
import { CHART_HEIGHT } from './chart-height.ts';
import { formatExactMoney, sumDollars } from '../utils/exact-money.ts';

// The overview's charts with the charts library: this file loads after the first paint.

const dayTick = (day: string) => formatDay(day).replace(/, \d{4}$/, '');
const money = (value: number | null) => formatExactMoney(value ?? 0);
const margin = { left: 0, right: 16, top: 8, bottom: 0 };

/**
 * The value axis of a chart whose values are all zero (a new platform's first days): it has no
 * range to scale to and labelled its one tick "0.000000"; it runs from 0 to `top` instead.
 */
const rangeWhenEmpty = (values: number[], top: number) =>
  values.every((value) => value === 0) ? { min: 0, max: top } : {};

/** Deposits confirmed and withdrawals paid per UTC day (money roles only). */
export function MoneyChart({ series }: { series: NonNullable<DashboardData['money']>['series'] }) {
  const deposits = sumDollars(series.map((day) => day.deposits));
  const paid = sumDollars(series.map((day) => day.withdrawalsPaid));
  return (
    <ChartFigure
      title="Money in and out, last 14 days"
      summary={`Deposits confirmed ${money(deposits)}, withdrawals paid ${money(paid)}.`}
      height={CHART_HEIGHT}
      values={{
        columns: ['Day', 'Deposits confirmed', 'Withdrawals paid (gross)'],
        rows: series.map((day) => [
          formatDay(day.day),
          money(day.deposits),
          money(day.withdrawalsPaid),
        ]),
      }}
    >
      <BarChart
        xAxis={[{ scaleType: 'band', data: series.map((day) => day.day), valueFormatter: dayTick }]}
        yAxis={[
          {
            valueFormatter: money,
            width: 'auto',
            tickNumber: 4,
            ...rangeWhenEmpty(
              series.flatMap((day) => [day.deposits, day.withdrawalsPaid]),
              100,
            ),
          },
        ]}
        series={[
          {
            data: series.map((day) => day.deposits),
            label: 'Deposits confirmed',
            valueFormatter: money,
          },
          {
            data: series.map((day) => day.withdrawalsPaid),
            label: 'Withdrawals paid (gross)',
            valueFormatter: money,
          },
        ]}
        margin={margin}
      />
    </ChartFigure>
  );
}

/** New members per UTC day. */
export function MembersChart({ series }: { series: DashboardData['memberSeries'] }) {
  const total = series.reduce((sum, day) => sum + day.newMembers, 0);
  return (
    <ChartFigure
      title="New members, last 14 days"
      summary={`${total} joined.`}
      height={CHART_HEIGHT}
      values={{
        columns: ['Day', 'New members'],
        rows: series.map((day) => [formatDay(day.day), String(day.newMembers)]),
      }}
    >
      <BarChart
        xAxis={[{ scaleType: 'band', data: series.map((day) => day.day), valueFormatter: dayTick }]}
        yAxis={[
          {
            width: 'auto',
            tickNumber: 4,
            tickMinStep: 1,
            ...rangeWhenEmpty(
              series.map((day) => day.newMembers),
              4,
            ),
          },
        ]}
        series={[{ data: series.map((day) => day.newMembers), label: 'New members' }]}
        margin={margin}
      />
    </ChartFigure>
  );
}
