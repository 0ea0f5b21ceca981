import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { withdrawalKeys } from '../api/query-keys.ts';

/**
 * After a request or a cancel, settled or not, refetches the wallets (a hold changes what is
 * available) and the withdrawal lists: a lost answer may hide a change that went through, and
 * a refusal (one already pending, paid meanwhile) may mean what is shown is out of date.
 */
export function useRefreshAfterWithdrawal() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [sharedQueryKeys.wallets, withdrawalKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient],
  );
}
