import { DEFAULT_PAGE_SIZE, tradeIncomeQuery, type TradeIncomeQuery } from '@app/contracts';
import { useMemo } from 'react';
import { useListParams } from '../../../lib/use-list-params.ts';

const filterKeys = ['from', 'to'] as const;
// From and To share one rule: an optional YYYY-MM-DD business day.
const businessDay = tradeIncomeQuery.shape.from;

// A hand-edited address (?from=yesterday) is ignored rather than sent to be refused.
const validDay = (day: string | undefined) =>
  businessDay.safeParse(day).success ? day : undefined;

/** The trade income list's page and date range, read from and written to the address. */
export function useTradeIncomeQuery() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const query = useMemo<TradeIncomeQuery>(
    () => ({
      page,
      pageSize: DEFAULT_PAGE_SIZE,
      from: validDay(filters.from),
      to: validDay(filters.to),
    }),
    [page, filters],
  );
  return { query, setPage, setFilters };
}
