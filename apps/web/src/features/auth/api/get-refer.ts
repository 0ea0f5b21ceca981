import { getReferData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * GET auth/get-refer (no auth) → the sponsor's name. Silent: the sign-up form explains an
 * unknown id beneath the field rather than toasting on every pause in typing.
 */
export const getRefer = (referralCode: string, signal?: AbortSignal) =>
  apiClient.get('auth/get-refer', {
    schema: getReferData,
    query: { referralCode },
    auth: false,
    silent: true,
    signal,
  });

export const getReferQueryOptions = (referralCode: string) =>
  queryOptions({
    queryKey: ['auth', 'get-refer', referralCode],
    queryFn: ({ signal }) => getRefer(referralCode, signal).then(({ data }) => data.name),
    staleTime: Infinity,
  });

export const useReferrerName = (referralCode: string, enabled: boolean) =>
  useQuery({ ...getReferQueryOptions(referralCode), enabled });
