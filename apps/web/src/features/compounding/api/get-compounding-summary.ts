import { compoundingSummaryData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** GET compounding/summary → the compounding wallet, what went into it and its daily rate. */
export const getCompoundingSummary = (signal?: AbortSignal) =>
  apiClient.get('compounding/summary', { schema: compoundingSummaryData, signal });

export const compoundingSummaryQueryOptions = () =>
  queryOptions({
    // Under 'wallet': a move refreshes the wallet keys, and with them this.
    queryKey: [...sharedQueryKeys.wallets, 'compounding-summary'],
    queryFn: ({ signal }) => getCompoundingSummary(signal).then(({ data }) => data),
  });

export const useCompoundingSummary = () => useQuery(compoundingSummaryQueryOptions());
