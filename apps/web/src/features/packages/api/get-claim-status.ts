import { claimStatusData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { packageKeys } from './query-keys.ts';

/** GET package/todays-claim-status → what a claim would pay now and when the next accrual comes. */
export const getClaimStatus = (signal?: AbortSignal) =>
  apiClient.get('package/todays-claim-status', { schema: claimStatusData, signal });

export const claimStatusQueryOptions = () =>
  queryOptions({
    queryKey: packageKeys.claimStatus(),
    queryFn: ({ signal }) => getClaimStatus(signal).then(({ data }) => data),
  });

export const useClaimStatus = () => useQuery(claimStatusQueryOptions());
