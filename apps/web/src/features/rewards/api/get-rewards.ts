import { rewardsData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** GET safe/fetch-sir-reward → the rank held, progress to the next, every rank, rewards earned. */
export const getRewards = (signal?: AbortSignal) =>
  apiClient.get('safe/fetch-sir-reward', { schema: rewardsData, signal });

export const rewardsQueryOptions = () =>
  queryOptions({
    // Under 'income': a reward is income, and a purchase in the team can reach a rank.
    queryKey: [...sharedQueryKeys.income, 'rewards'],
    queryFn: ({ signal }) => getRewards(signal).then(({ data }) => data),
  });

export const useRewards = () => useQuery(rewardsQueryOptions());
