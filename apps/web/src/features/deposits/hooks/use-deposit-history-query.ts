import { DEFAULT_PAGE_SIZE, DEPOSIT_STATUSES, type DepositStatus } from '@app/contracts';
import { useMemo } from 'react';
import { useListParams } from '../../../lib/use-list-params.ts';

const filterKeys = ['status'] as const;

export type DepositHistoryFilter = { page: number; pageSize: number; status?: DepositStatus };

// A hand-edited address (?status=lost) is ignored rather than sent to be refused.
const knownStatus = (value: string | undefined) =>
  (DEPOSIT_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as DepositStatus)
    : undefined;

/** The deposit history's page and status filter, read from and written to the address. */
export function useDepositHistoryQuery() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const status = knownStatus(filters.status);
  const query = useMemo<DepositHistoryFilter>(
    () => ({ page, pageSize: DEFAULT_PAGE_SIZE, status }),
    [page, status],
  );
  return { query, setPage, setStatus: (next?: DepositStatus) => setFilters({ status: next }) };
}
