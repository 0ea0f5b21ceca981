import { memberVerificationData, type VerificationSubmitBody } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const verificationKeys = { all: ['verification'] as const };

/** GET verification: the status, the drafts and what the requirements ask. */
export const verificationQueryOptions = () =>
  queryOptions({
    queryKey: verificationKeys.all,
    queryFn: ({ signal }) =>
      apiClient
        .get('verification', { schema: memberVerificationData, signal })
        .then(({ data }) => data),
  });

export const useVerification = () => useQuery(verificationQueryOptions());

/** POST verification/submit: the answer is the new status, shown at once. */
export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerificationSubmitBody) =>
      apiClient.post('verification/submit', body, { schema: memberVerificationData }),
    onSuccess: ({ data }) => queryClient.setQueryData(verificationKeys.all, data),
  });
}

/** After an upload: the drafts are read again. */
export function useRefreshVerification() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: verificationKeys.all });
}
