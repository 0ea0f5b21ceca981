import { notificationPageData } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * How often an open app asks for new notifications: the badge's count, and what keeps the open
 * screen current (a deposit confirmed, a withdrawal paid, a ticket answered by an operator). Only
 * while the tab is visible: a hidden tab asks again when it is shown.
 */
export const UNREAD_POLL_MS = 10_000;

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

/**
 * Every event of the member's account writes a notification, so a new one means something on
 * the open screen may have changed: what the screen shows is read again (the active queries;
 * the rest are marked stale), and lists and balances catch up within seconds, without a reload.
 * The live market prices have their own stream and are left alone.
 */
export function useRefreshOnNewNotifications() {
  const client = useQueryClient();
  const { data } = useNotifications();
  // The newest notification's id; '' once loaded with none, undefined until loaded.
  const newest = data && (data.data[0]?.id ?? '');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (newest === undefined) return;
    const previous = seen.current;
    seen.current = newest;
    if (previous === undefined || previous === newest) return;
    void client.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] !== 'notifications' && queryKey[0] !== 'market',
    });
  }, [client, newest]);
}

export const useNotificationPage = (page: number) => useQuery(notificationsQueryOptions(page));
