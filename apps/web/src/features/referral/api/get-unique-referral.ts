import { uniqueReferalData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /auth/unique-referal (the client contract's spelling) → the member's code and share link. */
export const getUniqueReferral = (signal?: AbortSignal) =>
  apiClient.get('auth/unique-referal', { schema: uniqueReferalData, signal });

export const uniqueReferralQueryOptions = () =>
  queryOptions({
    queryKey: ['referral', 'unique'],
    queryFn: ({ signal }) => getUniqueReferral(signal).then(({ data }) => data),
    staleTime: Infinity,
  });

export const useUniqueReferral = () => useQuery(uniqueReferralQueryOptions());
