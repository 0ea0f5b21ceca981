import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { notificationView, pageOf, pageQuery, successEnvelope } from '@app/contracts';
import { notifications } from '../../db/schema/members.ts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.get('/notification', {
    schema: {
      tags: ['notifications'],
      summary: "The member's notifications, newest first",
      querystring: pageQuery,
      response: { 200: successEnvelope(pageOf(notificationView).extend({ unread: z.number() })) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const { page, pageSize } = request.query;
      const mine = eq(notifications.memberId, memberId);
      const [rows, [totals], [unread]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(notifications).where(mine),
        db
          .select({ total: count() })
          .from(notifications)
          .where(and(mine, isNull(notifications.readAt))),
      ]);
      return ok({
        data: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          message: row.message,
          read: row.readAt !== null,
        })),
        page,
        pageSize,
        total: totals?.total ?? 0,
        unread: unread?.total ?? 0,
      });
    },
  });

  routes.post('/notification/read', {
    schema: {
      tags: ['notifications'],
      summary: "Marks all the member's notifications read",
      response: { 200: successEnvelope(z.object({ updated: z.number() })) },
    },
    handler: async (request) => {
      const updated = await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(
          and(
            eq(notifications.memberId, currentMember(request).memberId),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id });
      return ok({ updated: updated.length }, 'Notifications marked as read');
    },
  });
}
