import { claimProfitData, type ClaimStatusData } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency.ts';
import { useRefreshAfterMoneyMoved } from '../hooks/use-refresh-after-money-moved.ts';
import { packageKeys } from './query-keys.ts';

/** POST package/claim-profit → every accrued, unclaimed day paid into the profit wallet. */
export const claimProfit = (idempotencyKey: string) =>
  apiClient.post(
    'package/claim-profit',
    {},
    {
      schema: claimProfitData,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    },
  );

export function useClaimProfit() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterMoneyMoved();
  return useMutation({
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
