import { walletSummaryData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** GET auth/wallet-summary → lifetime deposits, investment, withdrawals and income by kind. */
export const getWalletSummary = (signal?: AbortSignal) =>
  apiClient.get('auth/wallet-summary', { schema: walletSummaryData, signal });

export const walletSummaryQueryOptions = () =>
  queryOptions({
    // Under 'income': a claim or a purchase changes the totals, as it does the income lists.
    queryKey: [...sharedQueryKeys.income, 'summary'],
    queryFn: ({ signal }) => getWalletSummary(signal).then(({ data }) => data),
  });

export const useWalletSummary = () => useQuery(walletSummaryQueryOptions());
