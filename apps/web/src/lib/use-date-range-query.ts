import { DEFAULT_PAGE_SIZE } from '@app/contracts';
import { useMemo } from 'react';
import { z } from 'zod';
import { useListParams } from './use-list-params.ts';

const filterKeys = ['from', 'to'] as const;
const businessDay = z.iso.date();

// A hand-edited address (?from=yesterday) is ignored rather than sent to be refused.
const validDay = (day: string | undefined) =>
  businessDay.safeParse(day).success ? day : undefined;

export type DateRangeQuery = { page: number; pageSize: number; from?: string; to?: string };

/**
 * The page and range of days (YYYY-MM-DD, both included) of an income list, read from and
 * written to the address. `to` is the day as typed, for the filter; a To before From is shown
 * as an error there and left out of the query instead of being sent to be refused.
 */
export function useDateRangeQuery() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const from = validDay(filters.from);
  const to = validDay(filters.to);
  const query = useMemo<DateRangeQuery>(
    () => ({
      page,
      pageSize: DEFAULT_PAGE_SIZE,
      from,
      to: from && to && from > to ? undefined : to,
    }),
    [page, from, to],
  );
  return { query, to, isFiltered: Boolean(from || to), setPage, setFilters };
}
