import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const PAGE = 'page';

const readPage = (text: string | null) => {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * A list's page and filters, kept in the address so a reload, a shared link or Back shows
 * the same rows. Changing a filter goes back to the first page. `filterKeys` should be a
 * module constant: the filters object is rebuilt when it changes.
 */
export function useListParams<K extends string>(filterKeys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get(PAGE));
  const filters = useMemo(
    () =>
      Object.fromEntries(filterKeys.map((key) => [key, params.get(key) || undefined])) as Record<
        K,
        string | undefined
      >,
    [params, filterKeys],
  );

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        if (next > 1) current.set(PAGE, String(next));
        else current.delete(PAGE);
        return current;
      }),
    [setParams],
  );

  // All changes in one update: two calls in the same tick would each start from the same URL.
  const setFilters = useCallback(
    (changes: Partial<Record<K, string | undefined>>) =>
      setParams(
        (current) => {
          for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
            if (value) current.set(key, value);
            else current.delete(key);
          }
          current.delete(PAGE);
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { page, filters, setPage, setFilters };
}
