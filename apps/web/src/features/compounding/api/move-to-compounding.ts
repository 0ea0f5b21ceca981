import { compoundingMoveData, type CompoundingMoveBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

export type MoveToCompoundingVariables = { body: CompoundingMoveBody; idempotencyKey: string };

/** POST compounding/move → the move; dollars leave the profit wallet for the compounding one. */
export const moveToCompounding = ({ body, idempotencyKey }: MoveToCompoundingVariables) =>
  apiClient.post('compounding/move', body, {
    schema: compoundingMoveData,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export function useMoveToCompounding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveToCompounding,
    // Settled or not: a lost answer may hide a move that went through, and a refused one may
    // mean the balance shown was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedQueryKeys.wallets }),
  });
}

export type MoveToCompoundingMutation = ReturnType<typeof useMoveToCompounding>;
