import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import {
  markNotificationsReadBody,
  markNotificationsReadData,
  notificationPageData,
  pageQuery,
  successEnvelope,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/members.ts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';

const unreadOf = (memberId: string): SQL =>
  and(eq(notifications.memberId, memberId), isNull(notifications.readAt)) as SQL;

async function countUnread(db: Executor, memberId: string): Promise<number> {
  const [unread] = await db
    .select({ total: count() })
    .from(notifications)
    .where(unreadOf(memberId));
  return unread?.total ?? 0;
}

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.get('/notification', {
    schema: {
      tags: ['notifications'],
      summary: "The member's notifications, newest first",
      querystring: pageQuery,
      response: { 200: successEnvelope(notificationPageData) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const { page, pageSize } = request.query;
      const mine = eq(notifications.memberId, memberId);
      const [rows, [totals], unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(notifications).where(mine),
        countUnread(db, memberId),
      ]);
      return ok({
        data: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          message: row.message,
          read: row.readAt !== null,
          kind: row.kind,
          link: row.link,
        })),
        page,
        pageSize,
        total: totals?.total ?? 0,
        unread,
      });
    },
  });

  routes.post('/notification/read', {
    schema: {
      tags: ['notifications'],
      summary: "Marks the named notifications read, or all the member's when none are named",
      body: markNotificationsReadBody,
      response: { 200: successEnvelope(markNotificationsReadData) },
    },
    // An operator viewing the app as the member opens the drawer too (decision 0026).
    config: { readOnlySession: 'allow' },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const { ids } = request.body;
      const chosen = ids
        ? and(unreadOf(memberId), inArray(notifications.id, ids))
        : unreadOf(memberId);
      const updated = await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(chosen)
        .returning({ id: notifications.id });
      const unread = await countUnread(db, memberId);
      return ok({ updated: updated.length, unread }, 'Notifications marked as read');
    },
  });
}
