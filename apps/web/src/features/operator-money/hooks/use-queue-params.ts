import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useListParams } from '../../../lib/use-list-params.ts';

const FILTER_KEYS = ['status', 'memberCode'] as const;
/** The address's word for "every status": without a status the queue shows what is pending. */
export const ALL_STATUSES = 'all';
const SELECTED = 'selected';

/**
 * A money list's state in the address: page, status (pending unless another is chosen),
 * Registered ID, and the item whose detail is open, so a reload or a shared link shows the same.
 */
export function useQueueParams<S extends string>(statuses: readonly S[], initial: S) {
  const { page, filters, setPage, setFilters } = useListParams(FILTER_KEYS);
  const [params, setParams] = useSearchParams();
  const chosen = filters.status;
  const status: S | undefined =
    chosen === ALL_STATUSES ? undefined : statuses.includes(chosen as S) ? (chosen as S) : initial;

  const setStatus = useCallback(
    (next: S | undefined) =>
      setFilters({ status: next === initial ? undefined : (next ?? ALL_STATUSES) }),
    [setFilters, initial],
  );
  const setMemberCode = useCallback(
    (code: string) => setFilters({ memberCode: code.trim().toUpperCase() || undefined }),
    [setFilters],
  );
  const setSelected = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          if (id) current.set(SELECTED, id);
          else current.delete(SELECTED);
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    page,
    setPage,
    status,
    setStatus,
    memberCode: filters.memberCode,
    setMemberCode,
    selectedId: params.get(SELECTED),
    setSelected,
    isFiltered: status !== initial || Boolean(filters.memberCode),
  };
}
