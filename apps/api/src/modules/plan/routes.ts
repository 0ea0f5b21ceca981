import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageOf,
  pageQuery,
  planDraftBody,
  planPreviewData,
  planVersionView,
  successEnvelope,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentOperator, freshOperatorFactor } from '../../plugins/operator-auth.ts';
import { loadCurrentPlan, toPlanSettings } from '../../core/plan.ts';
import { previewPlan } from './plan-preview.ts';
import { listPlanVersions, publishPlan, readPlanVersion } from './publish-plan.ts';

const tags = ['operator'];

/** The compensation plan in the operator API: read, preview and publish. */
export async function operatorPlanRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.get('/plan', {
    schema: {
      tags,
      summary: 'The plan in force: version, when and by whom it was published, the whole document',
      response: { 200: successEnvelope(planVersionView) },
    },
    config: { operatorPermission: 'plan.read' },
    handler: async () => ok(await readPlanVersion(db)),
  });

  routes.get('/plan/versions', {
    schema: {
      tags,
      summary: 'Every plan version, newest first',
      querystring: pageQuery,
      response: { 200: successEnvelope(pageOf(planVersionView)) },
    },
    config: { operatorPermission: 'plan.read' },
    handler: async (request) =>
      ok(await listPlanVersions(db, request.query.page, request.query.pageSize)),
  });

  routes.post('/plan/preview', {
    schema: {
      tags,
      summary:
        'Validate a draft plan and show what a sample team would have earned under it and under the plan in force; changes nothing',
      body: planDraftBody,
      response: { 200: successEnvelope(planPreviewData) },
    },
    config: { operatorPermission: 'plan.read' },
    handler: async (request) =>
      ok(
        previewPlan(await loadCurrentPlan(db), toPlanSettings(request.body.document)),
        'The draft is valid',
      ),
  });

  routes.post('/plan', {
    schema: {
      tags,
      summary:
        'Publish a plan as the next version (audited); it applies from the next event, never to what was paid; needs the second factor proved in the last 5 minutes (STEP_UP_REQUIRED)',
      body: planDraftBody,
      response: { 200: successEnvelope(planVersionView) },
    },
    config: { operatorPermission: 'plan.publish' },
    preHandler: freshOperatorFactor,
    handler: async (request) => {
      const actor = { operatorId: currentOperator(request).operatorId, ip: request.ip };
      const view = await publishPlan(db, request.body.document, actor, clock.now());
      return ok(view, `Plan version ${view.version} published`);
    },
  });
}
