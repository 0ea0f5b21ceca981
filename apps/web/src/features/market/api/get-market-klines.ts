import { klinesData, type MarketInterval } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Candles are fetched again this often; between fetches the live price moves the last one. */
export const KLINES_REFRESH_MS = 60_000;

/** GET market/klines → a pair's latest candles at one interval, oldest first. */
export const getMarketKlines = (symbol: string, interval: MarketInterval, signal?: AbortSignal) =>
  apiClient.get('market/klines', { schema: klinesData, query: { symbol, interval }, signal });

export const marketKlinesQueryOptions = (symbol: string, interval: MarketInterval) =>
  queryOptions({
    queryKey: ['market', 'klines', symbol, interval],
    queryFn: ({ signal }) => getMarketKlines(symbol, interval, signal).then(({ data }) => data),
    staleTime: KLINES_REFRESH_MS,
    refetchInterval: KLINES_REFRESH_MS,
  });

// The previous interval's chart stays while the next one loads.
export const useMarketKlines = (symbol: string, interval: MarketInterval) =>
  useQuery({ ...marketKlinesQueryOptions(symbol, interval), placeholderData: keepPreviousData });
