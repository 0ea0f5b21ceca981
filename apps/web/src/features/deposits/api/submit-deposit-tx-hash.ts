import { depositView, type DepositTxHashBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { depositKeys } from './query-keys.ts';

export type SubmitTxHashVariables = { depositId: string; body: DepositTxHashBody };

/**
 * POST secure/{id}/tx-hash → the deposit with the chain transaction hash of the member's
 * transfer, for the operator to check. Moves no money, so it needs no Idempotency-Key:
 * sending the same hash twice leaves the same deposit.
 */
export const submitDepositTxHash = ({ depositId, body }: SubmitTxHashVariables) =>
  apiClient.post(`secure/${encodeURIComponent(depositId)}/tx-hash`, body, { schema: depositView });

export function useSubmitDepositTxHash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDepositTxHash,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositKeys.all }),
  });
}

export type SubmitTxHashMutation = ReturnType<typeof useSubmitDepositTxHash>;
