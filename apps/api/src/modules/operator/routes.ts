import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_CSV_MAX_ROWS,
  auditLogFilter,
  auditLogPage,
  auditLogQuery,
  operatorLoginBody,
  operatorLoginData,
  operatorView,
  successEnvelope,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { countAudit, listAudit, readAuditRows } from '../../core/audit.ts';
import { csvHeaders } from '../../lib/csv.ts';
import { auditCsv } from './audit-csv.ts';
import { operatorLogin, operatorLogout } from './login.ts';

const MINUTE = 60_000;
/** Request ceiling per IP, as for member sign-ins; the guessing defence is the failure throttle. */
const SIGN_INS_PER_MINUTE = 300;
const empty = successEnvelope(z.null());
const tags = ['operator'];

/** Operator sign-in (a public route), mounted at /api/v1/operator. */
export async function operatorSignInRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;

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
}

/** The operator's own session and the audit log (in the operator group, at /api/v1/operator). */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.post('/auth/logout', {
    schema: { tags, summary: 'End this operator session', response: { 200: empty } },
    config: { operatorPermission: 'console.use' },
    handler: async (request) => {
      await operatorLogout(db, currentOperator(request), request.ip, clock.now());
      return ok(null, 'Signed out');
    },
  });

  routes.get('/auth/me', {
    schema: {
      tags,
      summary: 'The signed-in operator',
      response: { 200: successEnvelope(operatorView) },
    },
    config: { operatorPermission: 'console.use' },
    handler: async (request) => {
      const operator = currentOperator(request);
      return ok({ id: operator.operatorId, email: operator.email, role: operator.role });
    },
  });

  routes.get('/audit-log', {
    schema: {
      tags,
      summary:
        'Audit log of operator actions, newest first, by action prefix, operator, target and UTC days',
      querystring: auditLogQuery,
      response: { 200: successEnvelope(auditLogPage) },
    },
    config: { operatorPermission: 'audit.read' },
    handler: async (request) => ok(await listAudit(db, request.query)),
  });

  routes.get('/audit-log.csv', {
    schema: {
      tags,
      summary: `The audit log as CSV (same filters, newest first, at most ${AUDIT_CSV_MAX_ROWS} lines)`,
      querystring: auditLogFilter,
      produces: ['text/csv'],
    },
    config: { operatorPermission: 'audit.read' },
    handler: async (request, reply) => {
      const [rows, total] = await Promise.all([
        readAuditRows(db, request.query, AUDIT_CSV_MAX_ROWS),
        countAudit(db, request.query),
      ]);
      return reply.headers(csvHeaders('audit-log.csv', total)).send(auditCsv(rows));
    },
  });
}
