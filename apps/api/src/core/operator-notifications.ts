import type { OperatorRole } from '@app/contracts';
import type { Executor } from '../db/client.ts';
import { operatorNotifications } from '../db/schema/support.ts';

export type OperatorNotice = {
  audience: OperatorRole;
  message: string;
  targetType?: string;
  targetId?: string;
};

/**
 * One row for the whole role (each operator keeps only how far they have read), written in the
 * same transaction as the event it tells about, so it exists iff the event does.
 */
export async function notifyOperators(
  db: Executor,
  notice: OperatorNotice,
  now: Date,
): Promise<void> {
  await db.insert(operatorNotifications).values({
    audience: notice.audience,
    message: notice.message,
    targetType: notice.targetType ?? null,
    targetId: notice.targetId ?? null,
    createdAt: now,
  });
}
