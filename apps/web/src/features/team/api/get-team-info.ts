import { teamInfoData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { teamQueryKeys } from './query-keys.ts';

/** GET auth/team-info → directs, team size, business and the ten levels. */
export const getTeamInfo = (signal?: AbortSignal) =>
  apiClient.get('auth/team-info', { schema: teamInfoData, signal });

export const teamInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...teamQueryKeys.all, 'info'],
    queryFn: ({ signal }) => getTeamInfo(signal).then(({ data }) => data),
  });

export const useTeamInfo = () => useQuery(teamInfoQueryOptions());
