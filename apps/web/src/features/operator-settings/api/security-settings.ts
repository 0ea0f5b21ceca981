import { securitySettings, type SecuritySettings } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { operatorKeys } from '../../../lib/operator-query-keys.ts';

export const settingsKeys = { security: () => operatorKeys.area('settings', 'security') };

/** GET operator/settings/security (admin): how many hours withdrawals wait after a security change. */
export const useSecuritySettings = () =>
  useQuery({
    queryKey: settingsKeys.security(),
    queryFn: ({ signal }) =>
      operatorApi
        .get('settings/security', { schema: securitySettings, signal })
        .then(({ data }) => data),
  });

/** PUT operator/settings/security (audited): the answer is what was saved, shown at once. */
export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) =>
      operatorApi.put('settings/security', body, { schema: securitySettings }),
    onSuccess: ({ data }) => queryClient.setQueryData(settingsKeys.security(), data),
  });
}
