import { payoutAddressData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const payoutAddressKey = ['payout-address'] as const;

/** GET auth/address → the member's saved USDT payout address and its network, or nulls. */
export const getPayoutAddress = (signal?: AbortSignal) =>
  apiClient.get('auth/address', { schema: payoutAddressData, signal });

export const payoutAddressQueryOptions = () =>
  queryOptions({
    queryKey: payoutAddressKey,
    queryFn: ({ signal }) => getPayoutAddress(signal).then(({ data }) => data),
  });

export const usePayoutAddress = () => useQuery(payoutAddressQueryOptions());
