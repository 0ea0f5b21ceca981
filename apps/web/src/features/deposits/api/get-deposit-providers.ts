import { depositProvidersData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { depositKeys } from './query-keys.ts';

/** GET secure/providers → the providers the server offers, the minimum and the manual address. */
export const getDepositProviders = (signal?: AbortSignal) =>
  apiClient.get('secure/providers', { schema: depositProvidersData, signal });

export const depositProvidersQueryOptions = () =>
  queryOptions({
    queryKey: depositKeys.providers(),
    queryFn: ({ signal }) => getDepositProviders(signal).then(({ data }) => data),
  });

export const useDepositProviders = () => useQuery(depositProvidersQueryOptions());
