import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { withdrawalKeys } from '../api/query-keys.ts';

/**
 * After a request or a cancel, settled or not, refetches the wallets (a hold changes what is
 * available), the withdrawal lists and the withdrawal hold: a lost answer may hide a change that
 * went through, and a refusal (one already pending, paid meanwhile, withdrawals paused after a
 * security change) may mean what is shown is out of date.
 */
export function useRefreshAfterWithdrawal() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [sharedQueryKeys.wallets, withdrawalKeys.all, sharedQueryKeys.withdrawalHold].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient],
  );
}
