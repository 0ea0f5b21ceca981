import type { TeamAnalysisData } from '@app/contracts';
import { LineChart } from '@mui/x-charts/LineChart';
import { ChartFigure } from '../../../components/chart-figure.tsx';
import { formatDay } from '../../../lib/format.ts';
import { CHART_HEIGHT, weekTick } from '../utils/chart-format.ts';

type Growth = TeamAnalysisData['growth'];

const TITLE = 'Team growth';
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function summaryOf(growth: Growth) {
  const first = growth[0];
  const last = growth.at(-1);
  if (!first || !last) return 'No weeks to show yet.';
  const joined = growth.reduce((sum, week) => sum + week.joined, 0);
  const before = first.members - first.joined;
  return `${plural(joined, 'member')} joined in ${plural(growth.length, 'week')}: the team went from ${before} to ${last.members}.`;
}

/** Members who joined each week (a line on the right axis) and the team's size (an area). */
export function TeamGrowthChart({ growth }: { growth: Growth }) {
  return (
    <ChartFigure
      title={TITLE}
      summary={summaryOf(growth)}
      height={CHART_HEIGHT}
      values={{
        columns: ['Week of', 'Joined', 'Team size'],
        rows: growth.map((week) => [
          formatDay(week.weekStart),
          String(week.joined),
          String(week.members),
        ]),
      }}
    >
      <LineChart
        xAxis={[
          {
            scaleType: 'point',
            data: growth.map((week) => week.weekStart),
            valueFormatter: weekTick,
          },
        ]}
        yAxis={[
          { id: 'size', width: 'auto', tickMinStep: 1 },
          { id: 'joined', position: 'right', width: 'auto', tickMinStep: 1 },
        ]}
        series={[
          {
            data: growth.map((week) => week.members),
            label: 'Team size',
            area: true,
            showMark: false,
            curve: 'linear',
            yAxisId: 'size',
          },
          {
            data: growth.map((week) => week.joined),
            label: 'Joined that week',
            yAxisId: 'joined',
            // Straight lines: a smoothed curve would dip below 0 between weeks.
            curve: 'linear',
          },
        ]}
        margin={{ left: 0, right: 0, top: 8, bottom: 0 }}
      />
    </ChartFigure>
  );
}
