import { workWaitingData } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { operatorApi } from '../../../lib/operator-client.ts';
import { operatorKeys } from '../../../lib/operator-query-keys.ts';

/** How often an open console asks again what waits, besides after each of its own actions. */
export const WORK_WAITING_REFRESH_MS = 60_000;

export const workWaitingKey = () => operatorKeys.area('work-waiting');

/**
 * GET operator/work-waiting: the menu's counts (null for a queue the role may not see), asked
 * every minute and again whenever one of the console's own actions succeeds (a deposit
 * confirmed, a ticket answered), so a badge never counts work the operator just did.
 */
export function useWorkWaiting(isEnabled = true) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success')
          void queryClient.invalidateQueries({ queryKey: workWaitingKey() });
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: workWaitingKey(),
    queryFn: ({ signal }) =>
      operatorApi.get('work-waiting', { schema: workWaitingData, signal }).then(({ data }) => data),
    refetchInterval: WORK_WAITING_REFRESH_MS,
    enabled: isEnabled,
  });
}
