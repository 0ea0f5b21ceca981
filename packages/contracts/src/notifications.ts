import { z } from 'zod';
import { notificationView } from './auth.ts';
import { pageOf } from './envelope.ts';

/** GET notification: the newest page plus how many of all the member's notifications are unread. */
export const notificationPageData = pageOf(notificationView).extend({ unread: z.number() });
export type NotificationPage = z.infer<typeof notificationPageData>;

/** Most ids one POST notification/read may name: a drawer page never shows more. */
export const MAX_NOTIFICATION_IDS = 100;

/**
 * POST notification/read: the notifications named by `ids`, or every unread one when `ids` is
 * absent. An id that is not the member's matches nothing, as if it did not exist.
 */
export const markNotificationsReadBody = z
  .object({
    ids: z
      .array(z.guid({ error: 'Enter valid ids.' }), { error: 'Enter valid ids.' })
      .min(1, 'Enter valid ids.')
      .max(MAX_NOTIFICATION_IDS, `At most ${MAX_NOTIFICATION_IDS} ids at once.`)
      .optional(),
  })
  .default({});
export type MarkNotificationsReadBody = z.input<typeof markNotificationsReadBody>;

/** POST notification/read: how many were marked read, and how many stay unread. */
export const markNotificationsReadData = z.object({ updated: z.number(), unread: z.number() });

/**
 * The member screens a notification written by the API may lead to. The web app's paths name
 * the same routes; a web test checks that every link here is one of them.
 */
export const NOTIFICATION_LINKS = {
  investments: '/fund/investments',
  depositHistory: '/fund/deposit-history',
  withdrawalHistory: '/fund/withdrawal-history',
  compoundingIncome: '/income/compounding-income',
  transactionHistory: '/fund/transaction-history',
  profile: '/profile',
  support: '/query',
  verification: '/verification',
} as const;
