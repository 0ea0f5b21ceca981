import { notificationPageData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET notification → the newest page of the member's notifications and the unread count. */
export const getNotifications = (signal?: AbortSignal) =>
  apiClient.get('notification', { schema: notificationPageData, signal });

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: ({ signal }) => getNotifications(signal).then(({ data }) => data),
  });

export const useNotifications = () => useQuery(notificationsQueryOptions());
