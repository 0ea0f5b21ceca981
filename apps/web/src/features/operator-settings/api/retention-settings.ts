import { retentionSettings, type RetentionSettings } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { operatorKeys } from '../../../lib/operator-query-keys.ts';

const retentionKey = () => operatorKeys.area('settings', 'retention');

/**
 * GET operator/settings/retention (admin): the days a closed account's personal data and a
 * rejected or replaced identity document are kept (decision 0060).
 */
export const useRetentionSettings = () =>
  useQuery({
    queryKey: retentionKey(),
    queryFn: ({ signal }) =>
      operatorApi
        .get('settings/retention', { schema: retentionSettings, signal })
        .then(({ data }) => data),
  });

/** PUT operator/settings/retention (audited): the answer is what was saved, shown at once. */
export function useSaveRetentionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionSettings) =>
      operatorApi.put('settings/retention', body, { schema: retentionSettings }),
    onSuccess: ({ data }) => queryClient.setQueryData(retentionKey(), data),
  });
}
