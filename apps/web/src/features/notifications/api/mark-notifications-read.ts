import { markNotificationsReadData, type MarkNotificationsReadBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { notificationsQueryOptions } from './get-notifications.ts';

/** POST notification/read: the named notifications, or every unread one without `ids`. */
export const markNotificationsRead = (body: MarkNotificationsReadBody) =>
  apiClient.post('notification/read', body, { schema: markNotificationsReadData, silent: true });

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
}
