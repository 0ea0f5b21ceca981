import { z } from 'zod';
import { notificationView } from './auth.ts';
import { pageOf } from './envelope.ts';

/** GET notification: the newest page plus how many of all the member's notifications are unread. */
export const notificationPageData = pageOf(notificationView).extend({ unread: z.number() });
export type NotificationPage = z.infer<typeof notificationPageData>;

/** POST notification/read: how many were marked read. */
export const markNotificationsReadData = z.object({ updated: z.number() });
