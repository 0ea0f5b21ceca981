import {
  DEFAULT_PAGE_SIZE,
  purchasedPackagePageData,
  signInHistoryData,
  statementPageData,
  teamMemberPageData,
  type TeamMemberPage,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { memberKeys, type MemberLedgerQuery, type MemberTeamQuery } from './query-keys.ts';

const memberPath = (id: string, list: string) => `members/${encodeURIComponent(id)}/${list}`;

// Each list keeps its rows on screen while another page loads.

const packagesOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: memberKeys.packages(id, page),
    queryFn: ({ signal }) =>
      operatorApi
        .get(memberPath(id, 'packages'), {
          schema: purchasedPackagePageData,
          query: { page, pageSize: DEFAULT_PAGE_SIZE },
          signal,
        })
        .then(({ data }) => data),
  });

/** GET operator/members/:id/packages → the member's purchases, newest first. */
export const useMemberPackages = (id: string, page: number) =>
  useQuery({ ...packagesOptions(id, page), placeholderData: keepPreviousData });

const ledgerOptions = (id: string, query: MemberLedgerQuery) =>
  queryOptions({
    queryKey: memberKeys.ledger(id, query),
    queryFn: ({ signal }) =>
      operatorApi
        .get(memberPath(id, 'ledger'), { schema: statementPageData, query, signal })
        .then(({ data }) => data),
  });

/** GET operator/members/:id/ledger → the member's statement (money roles only). */
export const useMemberLedger = (id: string, query: MemberLedgerQuery) =>
  useQuery({ ...ledgerOptions(id, query), placeholderData: keepPreviousData });

const teamOptions = (id: string, query: MemberTeamQuery) =>
  queryOptions({
    queryKey: memberKeys.team(id, query),
    queryFn: ({ signal }) =>
      operatorApi
        .get(memberPath(id, 'team'), { schema: teamMemberPageData, query, signal })
        .then(({ data }) => data),
  });

/** GET operator/members/:id/team → one level of the member's team, as `select` shapes it. */
export const useMemberTeamLevel = <T>(
  id: string,
  query: MemberTeamQuery,
  select: (page: TeamMemberPage) => T,
) => useQuery({ ...teamOptions(id, query), select, placeholderData: keepPreviousData });

/** GET operator/members/:id/sign-in-history → the member's latest sign-in attempts, newest first. */
export const useMemberSignInHistory = (id: string) =>
  useQuery({
    queryKey: memberKeys.signIns(id),
    queryFn: ({ signal }) =>
      operatorApi
        .get(memberPath(id, 'sign-in-history'), { schema: signInHistoryData, signal })
        .then(({ data }) => data),
  });
