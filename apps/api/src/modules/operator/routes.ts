import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_CSV_MAX_ROWS,
  auditLogFilter,
  auditLogPage,
  auditLogQuery,
  operatorCodeBody,
  operatorLoginBody,
  operatorLoginData,
  operatorMeData,
  operatorSecondFactorStatus,
  recoveryCodesData,
  secondFactorLoginBody,
  stepUpData,
  successEnvelope,
  totpConfirmBody,
  totpSetupBody,
  totpSetupData,
} from '@app/contracts';
import { siteNameOf } from '../../config/site-name.ts';
import { ok } from '../../lib/reply.ts';
import { currentOperator, mustEnrolSecondFactor } from '../../plugins/operator-auth.ts';
import { countAudit, listAudit, readAuditRows } from '../../core/audit.ts';
import { csvHeaders } from '../../lib/csv.ts';
import { auditCsv } from './audit-csv.ts';
import { completeOperatorSecondFactor, operatorLogin, operatorLogout } from './login.ts';
import {
  confirmOperatorTotp,
  operatorSecondFactorStatus as statusOf,
  operatorStepUp,
  regenerateOperatorRecoveryCodes,
  setUpOperatorTotp,
  type OperatorFactorContext,
} from './second-factor.ts';

const MINUTE = 60_000;
/** Request ceiling per IP, as for member sign-ins; the guessing defence is the failure throttle. */
const SIGN_INS_PER_MINUTE = 300;
const empty = successEnvelope(z.null());
const tags = ['operator'];

/** Operator sign-in and its second step (public routes), mounted at /api/v1/operator. */
export async function operatorSignInRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const signIn = { config: { rateLimit: { max: SIGN_INS_PER_MINUTE, timeWindow: MINUTE } } };

  routes.post('/auth/login', {
    schema: {
      tags,
      summary:
        'Operator sign-in with email and password; with the authenticator on, 401 SECOND_FACTOR_REQUIRED and a challenge for auth/login/second-factor',
      body: operatorLoginBody,
      response: { 200: successEnvelope(operatorLoginData) },
    },
    ...signIn,
    handler: async (request) => {
      const data = await operatorLogin(
        db,
        { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] },
        clock.now(),
        config.rateLimits.login,
        config.secondFactorKeys,
      );
      return ok(data, 'Signed in');
    },
  });

  routes.post('/auth/login/second-factor', {
    schema: {
      tags,
      summary:
        'Finish an operator sign-in that answered SECOND_FACTOR_REQUIRED: its challenge and a code from the authenticator app or a recovery code',
      body: secondFactorLoginBody,
      response: { 200: successEnvelope(operatorLoginData) },
    },
    ...signIn,
    handler: async (request) => {
      const data = await completeOperatorSecondFactor(
        db,
        { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] },
        clock.now(),
        config.rateLimits.login,
        config.secondFactorKeys,
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
    config: { operatorPermission: 'console.use', beforeSecondFactor: true },
    handler: async (request) => {
      await operatorLogout(db, currentOperator(request), request.ip, clock.now());
      return ok(null, 'Signed out');
    },
  });

  routes.get('/auth/me', {
    schema: {
      tags,
      summary:
        'The signed-in operator, and whether the console waits for them to set up the authenticator app',
      response: { 200: successEnvelope(operatorMeData) },
    },
    config: { operatorPermission: 'console.use', beforeSecondFactor: true },
    handler: async (request) => {
      const operator = currentOperator(request);
      return ok({
        id: operator.operatorId,
        email: operator.email,
        role: operator.role,
        secondFactor: {
          totp: operator.hasSecondFactor,
          enrolmentRequired: mustEnrolSecondFactor(request),
        },
      });
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

/** The signed-in operator's own second factor (in the operator group; decision 0049). */
export async function operatorSecondFactorRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const context: OperatorFactorContext = {
    keys: config.secondFactorKeys,
    issuer: siteNameOf(config.mailFrom),
    required: config.requireOperatorSecondFactor,
  };
  // Reachable before the factor is set up: what the enrolment itself needs.
  const enrolment = { operatorPermission: 'console.use', beforeSecondFactor: true } as const;

  routes.get('/auth/second-factor', {
    schema: {
      tags,
      summary:
        "The operator's authenticator app: on or not, since when, recovery codes left, and whether this server requires it",
      response: { 200: successEnvelope(operatorSecondFactorStatus) },
    },
    config: enrolment,
    handler: async (request) =>
      ok(await statusOf(db, currentOperator(request).operatorId, context.required)),
  });

  routes.post('/auth/second-factor/totp/setup', {
    schema: {
      tags,
      summary:
        'Start setting up the authenticator app (the password again): a new secret, its otpauth URI and QR code, shown once',
      body: totpSetupBody,
      response: { 200: successEnvelope(totpSetupData) },
    },
    config: enrolment,
    handler: async (request) => {
      const operator = currentOperator(request);
      const setup = await setUpOperatorTotp(
        db,
        { operator, password: request.body.password },
        context,
        clock.now(),
      );
      return ok(setup, 'Scan the QR code with your authenticator app, then enter its code');
    },
  });

  routes.post('/auth/second-factor/totp/confirm', {
    schema: {
      tags,
      summary:
        "Turn the operator's authenticator app on with its first code (this session then counts as having proved it); answers 10 recovery codes, shown once",
      body: totpConfirmBody,
      response: { 200: successEnvelope(recoveryCodesData) },
    },
    config: enrolment,
    handler: async (request) => {
      const recoveryCodes = await confirmOperatorTotp(
        db,
        { operator: currentOperator(request), code: request.body.code, ip: request.ip },
        context,
        clock.now(),
      );
      return ok({ recoveryCodes }, 'Two-factor authentication is on');
    },
  });

  routes.post('/auth/second-factor/recovery-codes', {
    schema: {
      tags,
      summary:
        'Replace every recovery code (a current code or a recovery code); the new ones are shown once',
      body: operatorCodeBody,
      response: { 200: successEnvelope(recoveryCodesData) },
    },
    config: { operatorPermission: 'console.use' },
    handler: async (request) => {
      const recoveryCodes = await regenerateOperatorRecoveryCodes(
        db,
        { operator: currentOperator(request), code: request.body.code, ip: request.ip },
        context,
        clock.now(),
      );
      return ok({ recoveryCodes }, 'New recovery codes made; the earlier ones no longer work');
    },
  });

  routes.post('/auth/second-factor/verify', {
    schema: {
      tags,
      summary:
        'Step-up: a current code (or a recovery code) proves the second factor for this session for 5 minutes; then repeat the request that answered STEP_UP_REQUIRED',
      body: operatorCodeBody,
      response: { 200: successEnvelope(stepUpData) },
    },
    config: { operatorPermission: 'console.use' },
    handler: async (request) => {
      const freshUntil = await operatorStepUp(
        db,
        { operator: currentOperator(request), code: request.body.code },
        context,
        clock.now(),
      );
      return ok({ freshUntil: freshUntil.toISOString() }, 'Confirmed');
    },
  });
}
