import type { Executor } from '../db/client.ts';
import { notifications } from '../db/schema/members.ts';

/** Written in the same transaction as the event it tells about, so it exists iff the event does. */
export async function notifyMember(
  db: Executor,
  memberId: string,
  message: string,
  now: Date,
): Promise<void> {
  await db.insert(notifications).values({ memberId, message, createdAt: now });
}
