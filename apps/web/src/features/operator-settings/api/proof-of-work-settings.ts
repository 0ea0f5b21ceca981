import { proofOfWorkSettings, type ProofOfWorkSettings } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { operatorKeys } from '../../../lib/operator-query-keys.ts';

const robotCheckKey = () => operatorKeys.area('settings', 'proof-of-work');

/** GET operator/settings/proof-of-work (admin): when sign-up and reset requests need a robot check. */
export const useProofOfWorkSettings = () =>
  useQuery({
    queryKey: robotCheckKey(),
    queryFn: ({ signal }) =>
      operatorApi
        .get('settings/proof-of-work', { schema: proofOfWorkSettings, signal })
        .then(({ data }) => data),
  });

/** PUT operator/settings/proof-of-work (audited): the answer is what was saved, shown at once. */
export function useSaveProofOfWorkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProofOfWorkSettings) =>
      operatorApi.put('settings/proof-of-work', body, { schema: proofOfWorkSettings }),
    onSuccess: ({ data }) => queryClient.setQueryData(robotCheckKey(), data),
  });
}
