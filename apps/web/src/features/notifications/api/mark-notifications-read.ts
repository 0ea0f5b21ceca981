import { markNotificationsReadData } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { notificationsQueryOptions } from './get-notifications.ts';

/** POST notification/read: marks all of the member's notifications read. */
export const markNotificationsRead = () =>
  apiClient.post('notification/read', {}, { schema: markNotificationsReadData, silent: true });

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
}
