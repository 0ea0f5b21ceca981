import { claimProfitData, type ClaimStatusData } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { postMoney, type IdempotencyKey } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { useRefreshAfterMoneyMoved } from '../hooks/use-refresh-after-money-moved.ts';
import { packageKeys } from './query-keys.ts';

/** POST package/claim-profit → every accrued, unclaimed day paid into the profit wallet. */
export const claimProfit = (_: void, key: IdempotencyKey) =>
  postMoney('package/claim-profit', {}, key, { schema: claimProfitData });

export function useClaimProfit() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterMoneyMoved();
  return useMoneyMutation({
    mutationFn: claimProfit,
    // The card turns to its done state at once instead of offering the paid amount again
    // until the refetch lands.
    onSuccess: () =>
      queryClient.setQueryData<ClaimStatusData>(
        packageKeys.claimStatus(),
        (status) =>
          status && { ...status, claimedToday: true, claimableAmount: 0, claimableDays: 0 },
      ),
    onSettled: refresh,
  });
}
