import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPackageBody,
  operatorPackagePageData,
  operatorPackageView,
  pageQuery,
  successEnvelope,
  updatePackageBody,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { createPackage } from './create-package.ts';
import { listAllPackages } from './list-all-packages.ts';
import type { Actor } from './package-terms.ts';
import { retirePackage } from './retire-package.ts';
import { updatePackage } from './update-package.ts';

const tags = ['operator'];

/** The catalogue routes of the operator API, in the operator group. */
export async function operatorCatalogueRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;
  const actorOf = (request: Parameters<typeof currentOperator>[0]): Actor => ({
    operatorId: currentOperator(request).operatorId,
    ip: request.ip,
  });

  routes.get('/packages', {
    schema: {
      tags,
      summary: 'Every catalogue package, retired ones included',
      querystring: pageQuery,
      response: { 200: successEnvelope(operatorPackagePageData) },
    },
    config: { operatorPermission: 'plan.read' },
    handler: async (request) => ok(await listAllPackages(db, request.query)),
  });

  routes.post('/packages', {
    schema: {
      tags,
      summary: 'Add a package to the catalogue',
      body: createPackageBody,
      response: { 200: successEnvelope(operatorPackageView) },
    },
    config: { operatorPermission: 'packages.manage' },
    handler: async (request) => {
      const view = await createPackage(db, request.body, actorOf(request), clock.now());
      return ok(view, `Package ${view.name} added`);
    },
  });

  routes.patch('/packages/:id', {
    schema: {
      tags,
      summary:
        'Edit a package: name, range, daily percentage, days, order; applies to later purchases only',
      params: idParams,
      body: updatePackageBody,
      response: { 200: successEnvelope(operatorPackageView) },
    },
    config: { operatorPermission: 'packages.manage' },
    handler: async (request) => {
      const id = recordId(request.params.id, 'No such package');
      const view = await updatePackage(db, id, request.body, actorOf(request), clock.now());
      return ok(view, `Package ${view.name} updated`);
    },
  });

  routes.post('/packages/:id/retire', {
    schema: {
      tags,
      summary: 'Take a package off sale; holders keep accruing and claiming',
      params: idParams,
      response: { 200: successEnvelope(operatorPackageView) },
    },
    config: { operatorPermission: 'packages.manage' },
    handler: async (request) => {
      const id = recordId(request.params.id, 'No such package');
      const view = await retirePackage(db, id, actorOf(request), clock.now());
      return ok(view, `Package ${view.name} retired`);
    },
  });
}
