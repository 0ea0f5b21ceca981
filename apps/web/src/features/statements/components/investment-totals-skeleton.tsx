import { FigureGridSkeleton } from '../../../components/figure-grid-skeleton.tsx';

// Apart from investment-totals.tsx, which loads after the dashboard's first paint, as the
// income totals do (income-totals-skeleton.tsx).

/** Two tiles a row on a phone, four from 600 px. */
export const INVESTMENT_TOTALS_COLUMNS = { xs: 2, sm: 4 };

export function InvestmentTotalsSkeleton() {
  return (
    <FigureGridSkeleton label="Loading investments" count={4} columns={INVESTMENT_TOTALS_COLUMNS} />
  );
}
