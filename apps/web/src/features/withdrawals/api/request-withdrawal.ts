import { withdrawalView, type WithdrawalBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency.ts';
import { useRefreshAfterWithdrawal } from '../hooks/use-refresh-after-withdrawal.ts';

export type RequestWithdrawalVariables = { body: WithdrawalBody; idempotencyKey: string };

/** POST safe/withdrawal → the pending withdrawal; its amount is held in the wallet. */
export const requestWithdrawal = ({ body, idempotencyKey }: RequestWithdrawalVariables) =>
  apiClient.post('safe/withdrawal', body, {
    schema: withdrawalView,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export function useRequestWithdrawal() {
  const refresh = useRefreshAfterWithdrawal();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSettled: refresh,
  });
}
