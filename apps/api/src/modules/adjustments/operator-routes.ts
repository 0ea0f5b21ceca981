import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adjustmentPageData,
  adjustmentQuery,
  adjustmentView,
  approveAdjustmentBody,
  proposeAdjustmentBody,
  rejectAdjustmentBody,
  successEnvelope,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { freshOperatorFactor, operatorActor } from '../../plugins/operator-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { approveAdjustment, rejectAdjustment } from './decide-adjustment.ts';
import { proposeAdjustment } from './propose-adjustment.ts';
import { listAdjustments } from './views.ts';

const tags = ['operator'];
const adjustmentId = (id: string) => recordId(id, 'No such adjustment');

/** Four-eyes money adjustments (in the operator group, at /api/v1/operator). */
export async function operatorAdjustmentRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.get('/adjustments', {
    schema: {
      tags,
      summary: 'Money adjustments, newest first, optionally one status',
      querystring: adjustmentQuery,
      response: { 200: successEnvelope(adjustmentPageData) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async (request) => ok(await listAdjustments(db, request.query)),
  });

  routes.post('/adjustments', {
    schema: {
      tags,
      summary: "Propose a correction of a member's wallet; another operator must approve it",
      body: proposeAdjustmentBody,
      response: { 200: successEnvelope(adjustmentView) },
    },
    config: { operatorPermission: 'money.decide' },
    handler: async (request) => {
      const proposed = await proposeAdjustment(
        db,
        request.body,
        operatorActor(request),
        clock.now(),
      );
      return ok(proposed, 'Adjustment proposed; another operator must approve it');
    },
  });

  routes.post('/adjustments/:id/approve', {
    schema: {
      tags,
      summary:
        'Approve a pending adjustment (not your own): posts it to the ledger once; needs the second factor proved in the last 5 minutes (STEP_UP_REQUIRED)',
      params: idParams,
      body: approveAdjustmentBody,
      response: { 200: successEnvelope(adjustmentView) },
    },
    config: { operatorPermission: 'money.decide' },
    preHandler: freshOperatorFactor,
    handler: async (request) => {
      const id = adjustmentId(request.params.id);
      const approved = await approveAdjustment(
        db,
        id,
        request.body.note,
        operatorActor(request),
        clock.now(),
      );
      return ok(approved, 'Adjustment approved');
    },
  });

  routes.post('/adjustments/:id/reject', {
    schema: {
      tags,
      summary: 'Reject a pending adjustment (not your own) with a note; nothing moves',
      params: idParams,
      body: rejectAdjustmentBody,
      response: { 200: successEnvelope(adjustmentView) },
    },
    config: { operatorPermission: 'money.decide' },
    handler: async (request) => {
      const id = adjustmentId(request.params.id);
      const { note } = request.body;
      const rejected = await rejectAdjustment(db, id, note, operatorActor(request), clock.now());
      return ok(rejected, 'Adjustment rejected');
    },
  });
}
