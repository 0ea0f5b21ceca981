import { compoundingMoveData, type CompoundingMoveBody } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { postMoney, type IdempotencyKey } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** POST compounding/move → the move; dollars leave the profit wallet for the compounding one. */
export const moveToCompounding = (body: CompoundingMoveBody, key: IdempotencyKey) =>
  postMoney('compounding/move', body, key, { schema: compoundingMoveData });

export function useMoveToCompounding() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: moveToCompounding,
    // Settled or not: a lost answer may hide a move that went through, and a refused one may
    // mean the balance shown was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedQueryKeys.wallets }),
  });
}

export type MoveToCompoundingMutation = ReturnType<typeof useMoveToCompounding>;
