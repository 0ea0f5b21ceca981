import { createDepositData, type CreateDepositBody } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { postMoney, type IdempotencyKey } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { depositKeys } from './query-keys.ts';

/** POST secure/create → the pending deposit and where to pay it (gateway page or our address). */
export const createDeposit = (body: CreateDepositBody, key: IdempotencyKey) =>
  postMoney('secure/create', body, key, { schema: createDepositData });

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: createDeposit,
    // The history gains a row; the balances are read again too, since a lost answer may hide
    // a deposit that went through.
    onSettled: () =>
      Promise.all(
        [depositKeys.all, sharedQueryKeys.wallets].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
