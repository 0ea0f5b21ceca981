import { withdrawalPageData } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { withdrawalKeys, type WithdrawalListQuery } from './query-keys.ts';

/** GET safe/withdrwal-hist (the contract's spelling) → a page of withdrawals, newest first. */
export const getWithdrawals = (query: WithdrawalListQuery, signal?: AbortSignal) =>
  apiClient.get('safe/withdrwal-hist', { schema: withdrawalPageData, query, signal });

export const withdrawalsQueryOptions = (query: WithdrawalListQuery) =>
  queryOptions({
    queryKey: withdrawalKeys.list(query),
    queryFn: ({ signal }) => getWithdrawals(query, signal).then(({ data }) => data),
  });

// The rows stay on screen while another page loads.
export const useWithdrawals = (query: WithdrawalListQuery) =>
  useQuery({ ...withdrawalsQueryOptions(query), placeholderData: keepPreviousData });

const PENDING_QUERY: WithdrawalListQuery = { status: 'pending', page: 1, pageSize: 1 };

/** The member's pending withdrawal, if any: only one may wait at a time. */
export function usePendingWithdrawal() {
  const query = useQuery(withdrawalsQueryOptions(PENDING_QUERY));
  return { ...query, pending: query.data?.data[0] };
}
