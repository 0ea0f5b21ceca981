import { payoutAddressData, type UpdateAddressBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { payoutAddressKey } from './get-payout-address.ts';

/** PUT auth/update-address {address, otp} → the saved address. */
export const updateAddress = (body: UpdateAddressBody) =>
  apiClient.put('auth/update-address', body, { schema: payoutAddressData });

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    // The answer is the saved address: shown at once, no refetch needed. Changing an address
    // (not saving a first one) pauses withdrawals, so the hold is read again.
    onSuccess: ({ data }) => {
      queryClient.setQueryData(payoutAddressKey, data);
      return queryClient.invalidateQueries({ queryKey: sharedQueryKeys.withdrawalHold });
    },
  });
}
