import { formatMoney, type TeamAnalysisData } from '@app/contracts';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartFigure } from '../../../components/chart-figure.tsx';
import { CHART_HEIGHT, moneyValue } from '../utils/chart-format.ts';

type Legs = Pick<TeamAnalysisData, 'legs' | 'otherLegs'>;
/** A bar, keyed by Registered ID ('others' for the rest): two legs may share a name. */
type Bar = { key: string; name: string; business: number; members: number };

const TITLE = 'Legs compared';

/** The strongest legs by name, then the rest as one bar. */
const barsOf = ({ legs, otherLegs }: Legs): Bar[] => [
  ...legs.map((leg) => ({ ...leg, key: leg.referralCode })),
  ...(otherLegs.count > 0
    ? [
        {
          key: 'others',
          name: `${otherLegs.count} other ${otherLegs.count === 1 ? 'leg' : 'legs'}`,
          business: otherLegs.business,
          members: otherLegs.members,
        },
      ]
    : []),
];

function summaryOf(bars: Bar[]) {
  const total = bars.reduce((sum, bar) => sum + bar.business, 0);
  const strongest = bars[0];
  if (!strongest || total === 0) return 'No leg has business yet.';
  const share = Math.round((strongest.business / total) * 100);
  return `${strongest.name} brings ${formatMoney(strongest.business, 'amount')}, ${share} % of ${formatMoney(total, 'amount')}.`;
}

/** Each direct referral's leg (them and their team) by business, strongest first. */
export function LegsChart(props: Legs) {
  const bars = barsOf(props);
  return (
    <ChartFigure
      title={TITLE}
      summary={summaryOf(bars)}
      height={CHART_HEIGHT}
      values={{
        columns: ['Leg', 'Members', 'Business'],
        rows: bars.map((bar) => [
          bar.name,
          String(bar.members),
          formatMoney(bar.business, 'amount'),
        ]),
      }}
    >
      <BarChart
        layout="horizontal"
        // One band per Registered ID (a band axis merges equal values), labelled by name.
        yAxis={[
          {
            scaleType: 'band',
            data: bars.map((bar) => bar.key),
            valueFormatter: (key: string) => bars.find((bar) => bar.key === key)?.name ?? key,
            width: 'auto',
          },
        ]}
        xAxis={[{ valueFormatter: moneyValue, tickNumber: 3 }]}
        series={[
          { data: bars.map((bar) => bar.business), label: 'Business', valueFormatter: moneyValue },
        ]}
        hideLegend
        // Room on the right for the last tick's label ($8,000).
        margin={{ left: 0, right: 32, top: 8, bottom: 0 }}
      />
    </ChartFigure>
  );
}
