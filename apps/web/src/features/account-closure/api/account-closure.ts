import { accountClosureData, type AccountClosureBody } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

// The member closing their own account (decision 0060): where the request stands and what stops
// it, asking (the password typed again), and cancelling while it waits. Each answer is the new
// state, shown at once.

export const accountClosureKeys = { all: ['account-closure'] as const };

/** GET auth/account-closure. */
export const useAccountClosure = () =>
  useQuery({
    queryKey: accountClosureKeys.all,
    queryFn: ({ signal }) =>
      apiClient
        .get('auth/account-closure', { schema: accountClosureData, signal })
        .then(({ data }) => data),
  });

/**
 * POST auth/account-closure. A refusal (money left, a request open) says why in its toast; the
 * state is read again, so the card lists what stops it.
 */
export function useRequestAccountClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountClosureBody) =>
      apiClient.post('auth/account-closure', body, { schema: accountClosureData }),
    onSuccess: ({ data }) => queryClient.setQueryData(accountClosureKeys.all, data),
    onError: () => queryClient.invalidateQueries({ queryKey: accountClosureKeys.all }),
  });
}

/** POST auth/account-closure/:id/cancel. */
export function useCancelAccountClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.post(`auth/account-closure/${encodeURIComponent(id)}/cancel`, undefined, {
        schema: accountClosureData,
      }),
    onSuccess: ({ data }) => queryClient.setQueryData(accountClosureKeys.all, data),
    onError: () => queryClient.invalidateQueries({ queryKey: accountClosureKeys.all }),
  });
}
