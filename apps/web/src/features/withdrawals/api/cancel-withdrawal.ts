import { withdrawalView } from '@app/contracts';
import { postMoney, type IdempotencyKey } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { useRefreshAfterWithdrawal } from '../hooks/use-refresh-after-withdrawal.ts';

/** POST safe/withdrawal/{id}/cancel → the cancelled withdrawal; its held amount is free again. */
export const cancelWithdrawal = (id: string, key: IdempotencyKey) =>
  postMoney(`safe/withdrawal/${encodeURIComponent(id)}/cancel`, {}, key, {
    schema: withdrawalView,
  });

export function useCancelWithdrawal() {
  const refresh = useRefreshAfterWithdrawal();
  return useMoneyMutation({ mutationFn: cancelWithdrawal, onSettled: refresh });
}
