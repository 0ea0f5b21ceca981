import { walletsData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET auth/wallet → fund, profit and compounding with available, held and total. */
export const getWallets = (signal?: AbortSignal) =>
  apiClient.get('auth/wallet', { schema: walletsData, signal });

export const walletsQueryOptions = () =>
  queryOptions({
    // Under 'wallet', next to the header's balance, so whatever refreshes that refreshes this.
    queryKey: ['wallet', 'wallets'],
    queryFn: ({ signal }) => getWallets(signal).then(({ data }) => data),
  });

export const useWallets = () => useQuery(walletsQueryOptions());
