import { FigureGridSkeleton } from '../../../components/figure-grid-skeleton.tsx';

// Apart from income-totals.tsx, which loads after the dashboard's first paint: the dashboard
// shows this in its place until then, at the same size, and the totals show it while they load.

/** Two tiles a row on a phone, four from 600 px. */
export const INCOME_TOTALS_COLUMNS = { xs: 2, sm: 4 };
/** Trade, compounding, the five team incomes and rewards. */
const INCOME_KINDS_SHOWN = 8;

export function IncomeTotalsSkeleton() {
  return (
    <FigureGridSkeleton
      label="Loading income by kind"
      count={INCOME_KINDS_SHOWN}
      columns={INCOME_TOTALS_COLUMNS}
    />
  );
}
