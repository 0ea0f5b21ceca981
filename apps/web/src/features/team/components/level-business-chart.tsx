import { formatMoney, type TeamLevelView } from '@app/contracts';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartFigure } from '../../../components/chart-figure.tsx';
import { CHART_HEIGHT, moneyValue } from '../utils/chart-format.ts';

const TITLE = 'Business per level';

function summaryOf(levels: TeamLevelView[]) {
  const top = levels.reduce((best, level) => (level.business > best.business ? level : best));
  if (top.business === 0) return 'No business on any level yet.';
  return `Level ${top.level} brings the most: ${formatMoney(top.business, 'amount')}.`;
}

/** Each level's cumulative business as a bar, levels 1 to 10. */
export function LevelBusinessChart({ levels }: { levels: TeamLevelView[] }) {
  return (
    <ChartFigure
      title={TITLE}
      summary={summaryOf(levels)}
      height={CHART_HEIGHT}
      values={{
        columns: ['Level', 'Members', 'Active', 'Business'],
        rows: levels.map((level) => [
          String(level.level),
          String(level.members),
          String(level.active),
          formatMoney(level.business, 'amount'),
        ]),
      }}
    >
      <BarChart
        xAxis={[{ scaleType: 'band', data: levels.map((level) => `L${level.level}`) }]}
        yAxis={[{ valueFormatter: moneyValue, width: 'auto' }]}
        series={[
          {
            data: levels.map((level) => level.business),
            label: 'Business',
            valueFormatter: moneyValue,
          },
        ]}
        hideLegend
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      />
    </ChartFigure>
  );
}
