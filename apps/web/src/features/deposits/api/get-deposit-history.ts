import { depositPageData } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import type { DepositHistoryFilter } from '../hooks/use-deposit-history-query.ts';
import { depositKeys } from './query-keys.ts';

/** GET secure/hist → a page of the member's deposits, newest first, optionally one status. */
export const getDepositHistory = (query: DepositHistoryFilter, signal?: AbortSignal) =>
  apiClient.get('secure/hist', { schema: depositPageData, query, signal });

export const depositHistoryQueryOptions = (query: DepositHistoryFilter) =>
  queryOptions({
    queryKey: depositKeys.history(query),
    queryFn: ({ signal }) => getDepositHistory(query, signal).then(({ data }) => data),
  });

// The rows stay on screen while another page or status loads.
export const useDepositHistory = (query: DepositHistoryFilter) =>
  useQuery({ ...depositHistoryQueryOptions(query), placeholderData: keepPreviousData });
