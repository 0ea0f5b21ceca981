import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { incomePageData, incomeQuery, successEnvelope, type IncomeKind } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { listIncomes } from '../../core/income-records.ts';

const tags = ['income'];

/** The team incomes, one list per kind; paths as the client contract spells them where it has one. */
const LISTS: { path: string; kind: IncomeKind; summary: string }[] = [
  {
    path: '/income/referral-bonus',
    kind: 'referral-bonus',
    summary: "Referral bonus: a share of each direct referral's package purchase",
  },
  {
    path: '/income/team-level-bonus',
    kind: 'team-level-bonus',
    summary: 'Team-level bonus: a share of purchases 2 to 10 levels below, per the plan',
  },
  {
    path: '/auth/team-profit',
    kind: 'team-profit',
    summary: 'Team profit: a share of every daily profit claimed 1 to 10 levels below',
  },
  {
    path: '/bounus/monthly-weekly',
    kind: 'weekly-income',
    summary: "Weekly income: each Monday, the week's new team business times its tier's rate",
  },
  {
    path: '/bounus/monthly-salary',
    kind: 'monthly-income',
    summary:
      'Monthly income: on the 1st, the salary of the rank held at the end of the month before',
  },
];

/** The member's income lists: records newest first, with not-paid ones and their reason, and the sums. */
export async function incomeRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  for (const list of LISTS) {
    routes.get(list.path, {
      schema: {
        tags,
        summary: `${list.summary}; filters: from, to (days recorded, both included), status`,
        querystring: incomeQuery,
        response: { 200: successEnvelope(incomePageData) },
      },
      handler: async (request) =>
        ok(await listIncomes(db, currentMember(request).memberId, [list.kind], request.query)),
    });
  }
}
