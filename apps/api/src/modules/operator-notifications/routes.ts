import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  operatorNotificationPageData,
  operatorNotificationsReadData,
  pageQuery,
  successEnvelope,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { markFeedRead, readFeed } from './feed.ts';

const tags = ['operator'];

/** Every operator reads the feed of their own role (in the operator group). */
export async function operatorNotificationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;

  routes.get('/notifications', {
    schema: {
      tags,
      summary: "The operator role's notifications, newest first, with the unread count",
      querystring: pageQuery,
      response: { 200: successEnvelope(operatorNotificationPageData) },
    },
    config: { operatorPermission: 'console.use' },
    handler: async (request) => ok(await readFeed(db, currentOperator(request), request.query)),
  });

  routes.post('/notifications/read', {
    schema: {
      tags,
      summary: "Mark the role's feed read up to its newest notification",
      response: { 200: successEnvelope(operatorNotificationsReadData) },
    },
    config: { operatorPermission: 'console.use' },
    handler: async (request) =>
      ok(await markFeedRead(db, currentOperator(request)), 'Notifications marked read'),
  });
}
