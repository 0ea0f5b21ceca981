import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditLogPage,
  auditLogQuery,
  operatorLoginBody,
  operatorLoginData,
  operatorView,
  successEnvelope,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentOperator, requireOperator } from '../../plugins/operator-auth.ts';
import { compoundingJobRoutes } from '../compounding/operator-routes.ts';
import { operatorCatalogueRoutes } from '../packages/operator-catalogue.ts';
import { operatorDepositRoutes } from '../deposits/operator-routes.ts';
import { operatorWithdrawalRoutes } from '../withdrawals/operator-routes.ts';
import { listAudit } from '../../shared/audit.ts';
import { operatorLogin, operatorLogout } from './login.ts';

const MINUTE = 60_000;
/** Request ceiling per IP, as for member sign-ins; the guessing defence is the failure throttle. */
const SIGN_INS_PER_MINUTE = 300;
const empty = successEnvelope(z.null());
const tags = ['operator'];
const security = [{ bearer: [] }];

/** The operator API (API.md "Operator API"), mounted at /api/v1/operator. */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  app.decorateRequest('operator', null);
  await app.register(operatorWithdrawalRoutes);
  await app.register(operatorDepositRoutes);

  routes.post('/auth/login', {
    schema: {
      tags,
      summary: 'Operator sign-in with email and password',
      body: operatorLoginBody,
      response: { 200: successEnvelope(operatorLoginData) },
    },
    config: { rateLimit: { max: SIGN_INS_PER_MINUTE, timeWindow: MINUTE } },
    handler: async (request) => {
      const data = await operatorLogin(
        db,
        { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] },
        clock.now(),
        config.rateLimits.login,
      );
      return ok(data, 'Signed in');
    },
  });

  routes.post('/auth/logout', {
    schema: { tags, summary: 'End this operator session', security, response: { 200: empty } },
    onRequest: requireOperator(),
    handler: async (request) => {
      await operatorLogout(db, currentOperator(request), request.ip, clock.now());
      return ok(null, 'Signed out');
    },
  });

  routes.get('/auth/me', {
    schema: {
      tags,
      summary: 'The signed-in operator',
      security,
      response: { 200: successEnvelope(operatorView) },
    },
    onRequest: requireOperator(),
    handler: async (request) => {
      const operator = currentOperator(request);
      return ok({ id: operator.operatorId, email: operator.email, role: operator.role });
    },
  });

  routes.get('/audit-log', {
    schema: {
      tags,
      summary: 'Audit log of operator actions, newest first (admin only)',
      security,
      querystring: auditLogQuery,
      response: { 200: successEnvelope(auditLogPage) },
    },
    onRequest: requireOperator(['admin']),
    handler: async (request) => ok(await listAudit(db, request.query)),
  });

  await app.register(compoundingJobRoutes);
  await app.register(operatorCatalogueRoutes);
}
