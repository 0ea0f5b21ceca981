import { userEarnerData, type UserEarnerQuery } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** GET auth/user-earner → income per business day and kind; without dates, the last 30 days. */
export const getUserEarner = (query: UserEarnerQuery, signal?: AbortSignal) =>
  apiClient.get('auth/user-earner', { schema: userEarnerData, query, signal });

export const userEarnerQueryOptions = (query: UserEarnerQuery = {}) =>
  queryOptions({
    // Under 'income': a claim adds to today's bar.
    queryKey: [...sharedQueryKeys.income, 'earner', query],
    queryFn: ({ signal }) => getUserEarner(query, signal).then(({ data }) => data),
  });

export const useUserEarner = (query: UserEarnerQuery = {}) =>
  useQuery(userEarnerQueryOptions(query));
