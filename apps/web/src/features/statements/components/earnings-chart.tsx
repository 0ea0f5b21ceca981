import { formatMoney, statementKindLabels, type UserEarnerData } from '@app/contracts';
import Paper from '@mui/material/Paper';
import ShowChartRounded from '@mui/icons-material/ShowChartRounded';
import { BarChart } from '@mui/x-charts/BarChart';
import { CardPlaceholder } from '../../../components/card-placeholder.tsx';
import { ChartFigure } from '../../../components/chart-figure.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { paths } from '../../../config/paths.ts';
import type { ColourScheme } from '../../../lib/colour-scheme.ts';
import { formatDay } from '../../../lib/format.ts';
import { useColourScheme } from '../../../lib/use-colour-scheme.ts';
import { useUserEarner } from '../api/get-user-earner.ts';

const CHART_HEIGHT = 220;

/**
 * One colour per kind of income, whichever kinds a month happens to hold: the chart assigns its
 * palette by position otherwise, so team profit was yellow one day and red the next. The dark
 * scheme's are the same hues, light enough to stand out from the dark card (3:1 at least).
 */
const KIND_COLOURS: Record<ColourScheme, Record<string, string>> = {
  light: {
    'trade-income': '#1e63d6',
    'compounding-income': '#0f8a8a',
    'referral-bonus': '#7b4bd1',
    'team-level-bonus': '#c2410c',
    'team-profit': '#15803d',
    'weekly-income': '#b45309',
    'monthly-income': '#be185d',
    reward: '#4d5d6c',
  },
  dark: {
    'trade-income': '#60a5fa',
    'compounding-income': '#2dd4bf',
    'referral-bonus': '#a78bfa',
    'team-level-bonus': '#fb923c',
    'team-profit': '#4ade80',
    'weekly-income': '#fcd34d',
    'monthly-income': '#f472b6',
    reward: '#94a3b8',
  },
};
/** A kind added later still gets a colour of its own, not one of the above. */
const OTHER_KIND_COLOUR: Record<ColourScheme, string> = { light: '#6b7280', dark: '#d1d5db' };

// The contracts name every transfer kind; a kind added later still reads as its code.
const kindLabel = (kind: string) =>
  (statementKindLabels as Record<string, string | undefined>)[kind] ?? kind;
const money = (value: number | null) => formatMoney(value, 'amount');
const dayTick = (day: string) => formatDay(day).replace(/, \d{4}$/, '');

function summaryOf(data: UserEarnerData) {
  const parts = data.kinds.map((kind) => `${kindLabel(kind)} ${money(data.totals[kind] ?? 0)}`);
  return `${money(data.total)} in all: ${parts.join(', ')}.`;
}

function Chart({ data, title }: { data: UserEarnerData; title: string }) {
  const scheme = useColourScheme();
  return (
    <ChartFigure
      title={title}
      summary={summaryOf(data)}
      height={CHART_HEIGHT}
      values={{
        columns: ['Day', 'Total', ...data.kinds.map(kindLabel)],
        rows: data.days.map((day) => [
          formatDay(day.day),
          money(day.total),
          ...data.kinds.map((kind) => money(day.byKind[kind] ?? 0)),
        ]),
      }}
    >
      <BarChart
        xAxis={[
          { scaleType: 'band', data: data.days.map((day) => day.day), valueFormatter: dayTick },
        ]}
        yAxis={[{ valueFormatter: money, width: 'auto', tickNumber: 4 }]}
        // One bar a day, stacked by kind: the height is the day's total.
        series={data.kinds.map((kind) => ({
          data: data.days.map((day) => day.byKind[kind] ?? 0),
          label: kindLabel(kind),
          stack: 'income',
          color: KIND_COLOURS[scheme][kind] ?? OTHER_KIND_COLOUR[scheme],
          valueFormatter: money,
        }))}
        margin={{ left: 0, right: 24, top: 8, bottom: 0 }}
      />
    </ChartFigure>
  );
}

/**
 * The last 30 days of income, stacked by kind, with the totals in words and a table. Fills its
 * parent (the dashboard gives it a fixed height); `title` is the card's, named by the dashboard.
 */
export function EarningsChart({ title }: { title: string }) {
  const { data, isPending, isError, refetch } = useUserEarner();
  if (isPending) return <CardPlaceholder title={title} label="Loading earnings" />;
  if (isError)
    return (
      <QueryError message="Your earnings could not be loaded." onRetry={() => void refetch()} />
    );
  if (data.total === 0)
    return (
      <Paper variant="outlined" component="section" aria-label={title} sx={{ height: '100%' }}>
        <EmptyState
          icon={<ShowChartRounded />}
          title="Nothing earned in the last 30 days"
          description={
            <>
              Claim your daily profit above, or{' '}
              <TextLink to={paths.packages}>buy a package</TextLink> to start earning.
            </>
          }
        />
      </Paper>
    );
  return <Chart data={data} title={title} />;
}
