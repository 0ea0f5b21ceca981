import { teamAnalysisData, type TeamAnalysisQuery } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { teamQueryKeys } from './query-keys.ts';

/** GET team/analysis?weeks= → business per level, weekly growth, the legs and rank progress. */
export const getTeamAnalysis = (query: TeamAnalysisQuery, signal?: AbortSignal) =>
  apiClient.get('team/analysis', { schema: teamAnalysisData, query, signal });

export const teamAnalysisQueryOptions = (query: TeamAnalysisQuery) =>
  queryOptions({
    queryKey: [...teamQueryKeys.all, 'analysis', query],
    queryFn: ({ signal }) => getTeamAnalysis(query, signal).then(({ data }) => data),
  });

// The charts stay while another span of weeks loads.
export const useTeamAnalysis = (query: TeamAnalysisQuery) =>
  useQuery({ ...teamAnalysisQueryOptions(query), placeholderData: keepPreviousData });
