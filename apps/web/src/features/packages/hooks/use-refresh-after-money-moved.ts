import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { packageKeys } from '../api/query-keys.ts';

/**
 * After a purchase or a claim, refetches what it changed: the header's Fund and Profit, the
 * packages and the claim card, the income lists. Also after a failure: a lost answer may hide
 * a purchase that went through, and a refused one may mean the balance shown was out of date.
 */
export function useRefreshAfterMoneyMoved() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [sharedQueryKeys.walletBalance, sharedQueryKeys.income, packageKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient],
  );
}
