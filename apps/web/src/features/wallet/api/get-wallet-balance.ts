import { walletBalanceData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** GET auth/wallet-balance → spendable dollars of the primary (fund) and profit wallets. */
export const getWalletBalance = (signal?: AbortSignal) =>
  apiClient.get('auth/wallet-balance', { schema: walletBalanceData, signal });

export const walletBalanceQueryOptions = () =>
  queryOptions({
    queryKey: sharedQueryKeys.walletBalance,
    queryFn: ({ signal }) => getWalletBalance(signal).then(({ data }) => data),
  });

export const useWalletBalance = () => useQuery(walletBalanceQueryOptions());
