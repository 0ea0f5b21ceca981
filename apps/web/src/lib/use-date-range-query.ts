import { DEFAULT_PAGE_SIZE } from '@app/contracts';
import { useMemo } from 'react';
import { z } from 'zod';
import { useListParams } from './use-list-params.ts';

const filterKeys = ['from', 'to', 'status'] as const;
const businessDay = z.iso.date();
const noStatuses: readonly never[] = [];

// A hand-edited address (?from=yesterday, ?status=lost) is ignored rather than sent to be refused.
const validDay = (day: string | undefined) =>
  businessDay.safeParse(day).success ? day : undefined;
const validStatus = <S extends string>(statuses: readonly S[], value: string | undefined) =>
  statuses.find((status) => status === value);

export type DateRangeQuery<S extends string = never> = {
  page: number;
  pageSize: number;
  from?: string;
  to?: string;
  status?: S;
};

/**
 * The page, range of days (YYYY-MM-DD, both included) and, for records that have them, the
 * status of an income list, read from and written to the address. `to` is the day as typed,
 * for the filter; a To before From is shown as an error there and left out of the query
 * instead of being sent to be refused. `statuses` should be a module constant.
 */
export function useDateRangeQuery<S extends string = never>(statuses: readonly S[] = noStatuses) {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const from = validDay(filters.from);
  const to = validDay(filters.to);
  const status = validStatus(statuses, filters.status);
  const query = useMemo<DateRangeQuery<S>>(
    () => ({
      page,
      pageSize: DEFAULT_PAGE_SIZE,
      from,
      to: from && to && from > to ? undefined : to,
      status,
    }),
    [page, from, to, status],
  );
  return {
    query,
    to,
    status,
    isDated: Boolean(from || to),
    isFiltered: Boolean(from || to || status),
    setPage,
    setFilters,
  };
}
