import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  can,
  successEnvelope,
  workWaitingData,
  type OperatorRole,
  type WorkWaitingData,
} from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';

// The console menu's counts of work waiting: pending deposits and withdrawals for the roles that
// decide money, open tickets for those who read the inbox, submitted verifications for those who
// decide them. One small query of counts from the status indexes, asked every minute by each open
// console; a queue the role may not work is null and not counted at all.

/** What waits in each queue the role may see. */
export async function readWorkWaiting(db: Executor, role: OperatorRole): Promise<WorkWaitingData> {
  const money = can(role, 'money.read');
  const tickets = can(role, 'tickets.read');
  // Every role may read the verification queue; only those who decide have work waiting in it.
  const verifications = can(role, 'verification.review');
  const none = sql`null::int`;
  const [row] = await queryRows<{
    deposits: number | null;
    withdrawals: number | null;
    tickets: number | null;
    verifications: number | null;
  }>(
    db,
    sql`
    select
      ${money ? sql`(select count(*)::int from deposits where status = 'pending')` : none} as deposits,
      ${money ? sql`(select count(*)::int from withdrawals where status = 'pending')` : none} as withdrawals,
      ${tickets ? sql`(select count(*)::int from tickets where status = 'open')` : none} as tickets,
      ${verifications ? sql`(select count(*)::int from verification_submissions where status = 'submitted')` : none} as verifications`,
  );
  return {
    deposits: row?.deposits ?? null,
    withdrawals: row?.withdrawals ?? null,
    tickets: row?.tickets ?? null,
    verifications: row?.verifications ?? null,
  };
}

/** GET operator/work-waiting (in the operator group, at /api/v1/operator). */
export async function workWaitingRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;

  routes.get('/work-waiting', {
    schema: {
      tags: ['operator'],
      summary:
        "The console menu's counts: pending deposits and withdrawals (roles with money.read), open tickets (tickets.read) and submitted verifications (verification.review); null for a queue the role may not work",
      response: { 200: successEnvelope(workWaitingData) },
    },
    config: { operatorPermission: 'console.use' },
    handler: async (request) => ok(await readWorkWaiting(db, currentOperator(request).role)),
  });
}
