import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  levelMembersQuery,
  rewardsData,
  successEnvelope,
  teamAnalysisData,
  teamAnalysisQuery,
  teamInfoData,
  teamListQuery,
  teamMemberPageData,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { loadCurrentPlan } from '../../core/plan.ts';
import { readRewards } from './rank-progress.ts';
import { readTeamAnalysis } from './team-analysis.ts';
import { readTeamInfo } from '../../core/team-info.ts';
import { listTeamMembers } from '../../core/team-members.ts';

const tags = ['team'];

/** The member's team: figures, levels, lists, analysis and ranks; paths as the client contract spells them. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;
  /** The team's figures now under the plan in force, for the answers built on them. */
  const figuresOf = async (memberId: string) => {
    const plan = await loadCurrentPlan(db);
    const now = clock.now();
    return { plan, now, figures: await readTeamInfo(db, memberId, now, plan.settings.timeZone) };
  };

  routes.get('/auth/team-info', {
    schema: {
      tags,
      summary:
        'Team counts (direct, total, active), business, and members, active and business per level 1-10',
      response: { 200: successEnvelope(teamInfoData) },
    },
    handler: async (request) => {
      const { figures } = await figuresOf(currentMember(request).memberId);
      const { teamBusinessMicros: _micros, ...info } = figures;
      return ok(info);
    },
  });

  routes.get('/auth/refer-list', {
    schema: {
      tags,
      summary:
        'Direct referrals, newest first; q searches the name (its start) or the Registered ID',
      querystring: teamListQuery,
      response: { 200: successEnvelope(teamMemberPageData) },
    },
    handler: async (request) =>
      ok(await listTeamMembers(db, currentMember(request).memberId, 1, request.query, clock.now())),
  });

  routes.get('/team/level-members', {
    schema: {
      tags,
      summary:
        'The members of one level (1-10) of the team, newest first; q searches as in refer-list',
      querystring: levelMembersQuery,
      response: { 200: successEnvelope(teamMemberPageData) },
    },
    handler: async (request) => {
      const { level, ...query } = request.query;
      return ok(
        await listTeamMembers(db, currentMember(request).memberId, level, query, clock.now()),
      );
    },
  });

  routes.get('/team/analysis', {
    schema: {
      tags,
      summary:
        'Team charts: business per level, growth per week, legs compared, progress to the next rank',
      querystring: teamAnalysisQuery,
      response: { 200: successEnvelope(teamAnalysisData) },
    },
    handler: async (request) => {
      const memberId = currentMember(request).memberId;
      const context = await figuresOf(memberId);
      return ok(await readTeamAnalysis(db, memberId, request.query.weeks, context));
    },
  });

  routes.get('/safe/fetch-sir-reward', {
    schema: {
      tags,
      summary: 'The rank held, progress to the next, every rank of the plan and the rewards earned',
      response: { 200: successEnvelope(rewardsData) },
    },
    handler: async (request) => {
      const memberId = currentMember(request).memberId;
      const { plan, figures } = await figuresOf(memberId);
      return ok(await readRewards(db, memberId, plan, figures));
    },
  });
}
