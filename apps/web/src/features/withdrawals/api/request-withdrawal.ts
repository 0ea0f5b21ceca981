import { withdrawalView, type WithdrawalBody } from '@app/contracts';
import { postMoney, type IdempotencyKey } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { useRefreshAfterWithdrawal } from '../hooks/use-refresh-after-withdrawal.ts';

/** POST safe/withdrawal → the pending withdrawal; its amount is held in the wallet. */
export const requestWithdrawal = (body: WithdrawalBody, key: IdempotencyKey) =>
  postMoney('safe/withdrawal', body, key, { schema: withdrawalView });

export function useRequestWithdrawal() {
  const refresh = useRefreshAfterWithdrawal();
  // Not awaited: the mutation would wait for the lists to refetch, and the pending withdrawal
  // they then show replaces the form, whose own callback (going to the history) never ran.
  return useMoneyMutation({ mutationFn: requestWithdrawal, onSettled: () => void refresh() });
}
