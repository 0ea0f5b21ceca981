import { createDepositData, type CreateDepositBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { depositKeys } from './query-keys.ts';

export type CreateDepositVariables = { body: CreateDepositBody; idempotencyKey: string };

/** POST secure/create → the pending deposit and where to pay it (gateway page or our address). */
export const createDeposit = ({ body, idempotencyKey }: CreateDepositVariables) =>
  apiClient.post('secure/create', body, {
    schema: createDepositData,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
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
