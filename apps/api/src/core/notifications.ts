import type { Executor } from '../db/client.ts';
import type { NotificationKind } from '@app/contracts';
import { notifications } from '../db/schema/members.ts';

export type { NotificationKind };

/** What a notification is about and where in the app it leads; both optional. */
export type NotificationTopic = { kind?: NotificationKind; link?: string };

/** Written in the same transaction as the event it tells about, so it exists iff the event does. */
export async function notifyMember(
  db: Executor,
  memberId: string,
  message: string,
  now: Date,
  topic: NotificationTopic = {},
): Promise<void> {
  await db
    .insert(notifications)
    .values({ memberId, message, createdAt: now, kind: topic.kind, link: topic.link });
}
