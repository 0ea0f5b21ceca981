import { withdrawalView, type WithdrawalBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { withdrawalKeys } from './query-keys.ts';

export type RequestWithdrawalVariables = { body: WithdrawalBody; idempotencyKey: string };

/** POST safe/withdrawal → the pending withdrawal; its amount is held in the wallet. */
export const requestWithdrawal = ({ body, idempotencyKey }: RequestWithdrawalVariables) =>
  apiClient.post('safe/withdrawal', body, {
    schema: withdrawalView,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    // Settled or not: a lost answer may hide a request that went through, and a refusal
    // (one already pending, not enough available) may mean what is shown is out of date.
    onSettled: () =>
      Promise.all(
        [sharedQueryKeys.wallets, withdrawalKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
