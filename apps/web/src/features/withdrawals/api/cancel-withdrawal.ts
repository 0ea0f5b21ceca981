import { withdrawalView } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency.ts';
import { useRefreshAfterWithdrawal } from '../hooks/use-refresh-after-withdrawal.ts';

export type CancelWithdrawalVariables = { id: string; idempotencyKey: string };

/** POST safe/withdrawal/{id}/cancel → the cancelled withdrawal; its held amount is free again. */
export const cancelWithdrawal = ({ id, idempotencyKey }: CancelWithdrawalVariables) =>
  apiClient.post(
    `safe/withdrawal/${encodeURIComponent(id)}/cancel`,
    {},
    { schema: withdrawalView, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );

export function useCancelWithdrawal() {
  const refresh = useRefreshAfterWithdrawal();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSettled: refresh,
  });
}
