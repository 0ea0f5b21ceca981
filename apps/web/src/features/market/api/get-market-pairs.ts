import { marketPairsData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { marketPairsKey, useMarketStream } from './market-stream.ts';

/** GET market/pairs → the sixteen pairs with their 24-hour figures and where they came from. */
export const getMarketPairs = (signal?: AbortSignal) =>
  apiClient.get('market/pairs', { schema: marketPairsData, signal });

export const marketPairsQueryOptions = () =>
  queryOptions({
    queryKey: marketPairsKey,
    queryFn: ({ signal }) => getMarketPairs(signal).then(({ data }) => data),
    // The stream keeps it current while a screen shows it.
    staleTime: Infinity,
  });

/** The pairs, first from GET market/pairs, then from every event of the price stream. */
export function useMarketPairs() {
  useMarketStream();
  return useQuery(marketPairsQueryOptions());
}
