import { operatorMemberDetail, operatorMemberPageData } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { memberKeys, type MemberListQuery } from './query-keys.ts';

/** GET operator/members → a page of members, newest first, or those the search names. */
export const membersQueryOptions = (query: MemberListQuery) =>
  queryOptions({
    queryKey: memberKeys.list(query),
    queryFn: ({ signal }) =>
      operatorApi
        .get('members', { schema: operatorMemberPageData, query, signal })
        .then(({ data }) => data),
  });

// The rows stay on screen while the next page or search loads.
export const useMembers = (query: MemberListQuery) =>
  useQuery({ ...membersQueryOptions(query), placeholderData: keepPreviousData });

/** GET operator/members/:id → profile, wallets, packages and team figures. */
export const useMember = (id: string) =>
  useQuery({
    queryKey: memberKeys.member(id),
    queryFn: ({ signal }) =>
      operatorApi
        .get(`members/${encodeURIComponent(id)}`, { schema: operatorMemberDetail, signal })
        .then(({ data }) => data),
  });
