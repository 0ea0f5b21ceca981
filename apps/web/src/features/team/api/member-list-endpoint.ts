import { teamMemberPageData, type TeamListQuery } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { toMemberRows } from '../utils/member-rows.ts';
import { teamQueryKeys } from './query-keys.ts';

/**
 * One endpoint that answers a page of team members (the direct referrals, one level): its
 * fetcher, query options and hook, whose rows are keyed by Registered ID for RecordList.
 */
export function memberListEndpoint<Q extends TeamListQuery>(path: string, key: string) {
  const get = (query: Q, signal?: AbortSignal) =>
    apiClient.get(path, { schema: teamMemberPageData, query, signal });

  const options = (query: Q) =>
    queryOptions({
      queryKey: [...teamQueryKeys.all, key, query],
      queryFn: ({ signal }) => get(query, signal).then(({ data }) => data),
    });

  // The rows stay on screen while another page or search loads.
  const useMembers = (query: Q) =>
    useQuery({ ...options(query), placeholderData: keepPreviousData, select: toMemberRows });

  return { get, queryOptions: options, useMembers };
}
