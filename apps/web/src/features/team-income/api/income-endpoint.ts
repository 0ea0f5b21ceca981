import { incomePageData, type IncomeKind, type IncomeQuery } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/**
 * One team-income list endpoint: its fetcher, query options and hook. The five kinds answer
 * the same query with the same page, so each endpoint file names only its path and kind.
 */
export function incomeEndpoint(path: string, kind: IncomeKind) {
  const get = (query: IncomeQuery, signal?: AbortSignal) =>
    apiClient.get(path, { schema: incomePageData, query, signal });

  const options = (query: IncomeQuery) =>
    queryOptions({
      // Under 'income', with the other income lists: a purchase or claim refreshes them all.
      queryKey: [...sharedQueryKeys.income, kind, query],
      queryFn: ({ signal }) => get(query, signal).then(({ data }) => data),
    });

  // The rows stay on screen while another page or filter loads.
  const useIncome = (query: IncomeQuery) =>
    useQuery({ ...options(query), placeholderData: keepPreviousData });

  return { get, queryOptions: options, useIncome };
}

export type IncomeEndpoint = ReturnType<typeof incomeEndpoint>;
