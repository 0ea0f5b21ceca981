import { and, count, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { OperatorNotificationPage, OperatorRole, PageQuery } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { operatorNotificationReads, operatorNotifications } from '../../db/schema/support.ts';

// An operator's feed is their role's notifications; what they have read is one number per
// operator (every id up to it), so marking read is one upsert, whatever the feed's length.

export type FeedReader = { operatorId: string; role: OperatorRole };

async function lastReadIdOf(db: Executor, operatorId: string): Promise<bigint> {
  const [row] = await db
    .select({ lastReadId: operatorNotificationReads.lastReadId })
    .from(operatorNotificationReads)
    .where(eq(operatorNotificationReads.operatorId, operatorId));
  return row?.lastReadId ?? 0n;
}

async function countUnread(db: Executor, reader: FeedReader, lastReadId: bigint) {
  const [row] = await db
    .select({ total: count() })
    .from(operatorNotifications)
    .where(
      and(
        eq(operatorNotifications.audience, reader.role),
        gt(operatorNotifications.id, lastReadId),
      ),
    );
  return row?.total ?? 0;
}

/** GET operator/notifications: newest first, each marked read or not, and the unread count. */
export async function readFeed(
  db: Executor,
  reader: FeedReader,
  query: PageQuery,
): Promise<OperatorNotificationPage> {
  const lastReadId = await lastReadIdOf(db, reader.operatorId);
  const mine = eq(operatorNotifications.audience, reader.role);
  const [rows, [totals], unread] = await Promise.all([
    db
      .select()
      .from(operatorNotifications)
      .where(mine)
      .orderBy(desc(operatorNotifications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(operatorNotifications).where(mine),
    countUnread(db, reader, lastReadId),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id.toString(),
      message: row.message,
      targetType: row.targetType,
      targetId: row.targetId,
      createdAt: row.createdAt.toISOString(),
      read: row.id <= lastReadId,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
    unread,
  };
}

/**
 * POST operator/notifications/read: everything in the role's feed up to its newest row is read.
 * The mark only moves forward, so a slower concurrent request cannot un-read anything.
 */
export async function markFeedRead(
  db: Executor,
  reader: FeedReader,
): Promise<{ lastReadId: string | null; unread: number }> {
  const [newest] = await db
    .select({ id: max(operatorNotifications.id) })
    .from(operatorNotifications)
    .where(eq(operatorNotifications.audience, reader.role));
  const upTo = newest?.id ?? null;
  if (upTo !== null) {
    await db
      .insert(operatorNotificationReads)
      .values({ operatorId: reader.operatorId, lastReadId: upTo })
      .onConflictDoUpdate({
        target: operatorNotificationReads.operatorId,
        set: {
          lastReadId: sql`greatest(${operatorNotificationReads.lastReadId}, excluded.last_read_id)`,
        },
      });
  }
  const lastReadId = await lastReadIdOf(db, reader.operatorId);
  return {
    lastReadId: lastReadId > 0n ? lastReadId.toString() : null,
    unread: await countUnread(db, reader, lastReadId),
  };
}
