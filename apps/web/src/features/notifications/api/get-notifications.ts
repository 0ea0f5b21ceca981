import { notificationPageData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** How often an open app asks for new notifications (the badge's count). */
const UNREAD_POLL_MS = 60_000;

/** GET notification → one page of the member's notifications (newest first) and the unread count. */
export const getNotifications = (page: number, signal?: AbortSignal) =>
  apiClient.get('notification', {
    schema: notificationPageData,
    // The first page is a plain GET, so the page's early script can have sent it already.
    query: page === 1 ? undefined : { page },
    signal,
  });

/** Every page shares the `notifications` prefix: one invalidation refreshes them all. */
export const notificationsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: page === 1 ? ['notifications'] : ['notifications', { page }],
    queryFn: ({ signal }) => getNotifications(page, signal).then(({ data }) => data),
  });

/** The newest page, polled so the badge notices what happened while the app stayed open. */
export const useNotifications = () =>
  useQuery({ ...notificationsQueryOptions(), refetchInterval: UNREAD_POLL_MS });

export const useNotificationPage = (page: number) => useQuery(notificationsQueryOptions(page));
