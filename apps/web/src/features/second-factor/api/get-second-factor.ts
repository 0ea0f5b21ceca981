import { secondFactorStatusData } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client.ts';

export const secondFactorKey = ['second-factor'] as const;

/**
 * GET auth/second-factor → whether the authenticator app is on, since when, how many passkeys,
 * codes left. `enabled: false` until needed (the step-up dialog asks only once it opens).
 */
export const useSecondFactor = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    enabled,
    queryKey: secondFactorKey,
    queryFn: ({ signal }) =>
      apiClient
        .get('auth/second-factor', { schema: secondFactorStatusData, signal })
        .then(({ data }) => data),
  });

/**
 * The state is read again after a change, and after a 409 saying it is not what the card showed
 * (turned on or off in another tab). Not awaited: the answer (say, recovery codes) shows at once.
 */
export function useRefreshSecondFactor() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: secondFactorKey });
  return {
    onSuccess: refresh,
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) refresh();
    },
  };
}
