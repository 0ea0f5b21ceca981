import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppContext } from './app-context.ts';
import { runAsRead } from './db/connection-pool.ts';
import { registerConnectionLimit, requestTimeoutOptions } from './plugins/client-connections.ts';
import { registerSessionEnds } from './core/sessions/session-ends.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerHttpSecurity } from './plugins/http-security.ts';
import { registerIdempotencyStore } from './plugins/idempotency.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { routeGroup } from './plugins/route-groups.ts';
import { loadWebBuild, registerWebApp } from './plugins/web-app.ts';
import { authRoutes, memberAuthRoutes } from './modules/auth/routes.ts';
import { signInHistoryRoutes } from './modules/auth/sign-in-history-routes.ts';
import { mailPreferenceRoutes } from './modules/mail-preferences/routes.ts';
import { memberDataRoutes } from './modules/member-data/routes.ts';
import { ownDetailsRoutes } from './modules/auth/own-details-routes.ts';
import { accountClosureRoutes } from './modules/auth/account-closure-routes.ts';
import {
  secondFactorRoutes,
  secondFactorSignInRoutes,
} from './modules/auth/second-factor-routes.ts';
import { passkeyRoutes, passkeySignInRoutes } from './modules/auth/passkey-routes.ts';
import { profileRoutes } from './modules/auth/referral-routes.ts';
import { memberSessionRoutes } from './modules/auth/session-routes.ts';
import { operatorAdjustmentRoutes } from './modules/adjustments/operator-routes.ts';
import { compoundingJobRoutes } from './modules/compounding/operator-routes.ts';
import { compoundingRoutes } from './modules/compounding/routes.ts';
import { operatorDepositRoutes } from './modules/deposits/operator-routes.ts';
import { depositRoutes, paymentCallbackRoutes } from './modules/deposits/routes.ts';
import { incomeRoutes } from './modules/income/routes.ts';
import { marketIconRoutes } from './modules/market/icons.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import {
  operatorRoutes,
  operatorSecondFactorRoutes,
  operatorSignInRoutes,
} from './modules/operator/routes.ts';
import { operatorInviteRoutes, operatorStaffRoutes } from './modules/operator/staff-routes.ts';
import { operatorMemberRoutes } from './modules/operator-members/routes.ts';
import { operatorSettingsRoutes } from './modules/operator-settings/routes.ts';
import { operatorMemberSecondFactorRoutes } from './modules/operator-members/second-factor-routes.ts';
import { operatorMemberSessionRoutes } from './modules/operator-members/session-routes.ts';
import { operatorMemberClosureRoutes } from './modules/operator-members/closure-routes.ts';
import { operatorNotificationRoutes } from './modules/operator-notifications/routes.ts';
import { operatorCatalogueRoutes } from './modules/packages/operator-routes.ts';
import { packageRoutes } from './modules/packages/routes.ts';
import { operatorPlanRoutes } from './modules/plan/routes.ts';
import { operatorLedgerRoutes } from './modules/reports/ledger-routes.ts';
import { operatorReportRoutes } from './modules/reports/routes.ts';
import { statementRoutes } from './modules/statements/routes.ts';
import { devMailboxRoutes } from './modules/system/dev-mailbox.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { teamRoutes } from './modules/team/routes.ts';
import { operatorTicketRoutes } from './modules/tickets/operator-routes.ts';
import { ticketRoutes } from './modules/tickets/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { operatorWithdrawalRoutes } from './modules/withdrawals/operator-routes.ts';
import { workWaitingRoutes } from './modules/operator/work-waiting.ts';
import { withdrawalRoutes } from './modules/withdrawals/routes.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { operatorVerificationRoutes } from './modules/operator-verification/routes.ts';

export const API_PREFIX = '/api/v1';

export type BuildOptions = {
  logger?: Logger | false;
  serveWeb?: boolean;
  /** The built web app to serve (default apps/web/dist); tests give a miniature one. */
  webDist?: string;
  /** Sees every route as it is registered, before any other hook (the access test lists them). */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the whole server (plugins, then modules); it never listens: server.ts and tests do. */
export async function buildApp(
  ctx: AppContext,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger || undefined,
    logger: options.logger === undefined ? false : undefined,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 64 * 1024,
    ...requestTimeoutOptions(ctx.config.http),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ajv: undefined,
  }) as unknown as FastifyInstance;
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('ctx', ctx);
  registerSessionEnds(app);
  app.decorateRequest('member', null);
  app.decorateRequest('operator', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Callback hooks on every request: an async one costs a promise and a microtask turn each.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // A read may take the pool's reserve when the rest is busy (db/connection-pool.ts).
    if (request.method === 'GET' || request.method === 'HEAD') runAsRead(done);
    else done();
  });
  registerConnectionLimit(app, ctx.config);
  // A POST without a body is validated as {} so the answer names each missing field.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || request.body === null) request.body = {};
    done();
  });

  // Read first: the CSP allows the inline scripts of the build's pages by their hashes.
  const web = options.serveWeb === false ? null : loadWebBuild(options.webDist);
  registerHttpSecurity(app, API_PREFIX, web?.pages.scriptHashes ?? []);
  await registerRateLimits(app, ctx.config.redisUrl);
  registerErrorHandling(app);
  registerMetrics(app);
  registerIdempotencyStore(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Member investment platform API',
        version: '1.0.0',
        description: 'The member and operator API: envelope, errors and every route.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles of its own; allow those on its pages only. Its pages
    // may not be framed either, as X-Frame-Options: DENY says of every answer.
    transformStaticCSP: (header) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });

  // Who may call a route is the group it is registered in (plugins/route-groups.ts): the group
  // checks the session once for all its routes and documents it in OpenAPI.
  await app.register(
    async (api) => {
      await api.register(
        routeGroup('public', [
          systemRoutes,
          authRoutes,
          secondFactorSignInRoutes,
          passkeySignInRoutes,
          paymentCallbackRoutes,
          marketIconRoutes,
        ]),
      );
      await api.register(routeGroup('public', [operatorSignInRoutes, operatorInviteRoutes]), {
        prefix: '/operator',
      });
      await api.register(
        routeGroup('member', [
          memberAuthRoutes,
          signInHistoryRoutes,
          mailPreferenceRoutes,
          memberDataRoutes,
          ownDetailsRoutes,
          accountClosureRoutes,
          secondFactorRoutes,
          passkeyRoutes,
          profileRoutes,
          walletRoutes,
          notificationRoutes,
          packageRoutes,
          statementRoutes,
          withdrawalRoutes,
          depositRoutes,
          compoundingRoutes,
          teamRoutes,
          incomeRoutes,
          marketRoutes,
          ticketRoutes,
          memberSessionRoutes,
          verificationRoutes,
        ]),
      );
      await api.register(
        routeGroup('operator', [
          operatorRoutes,
          operatorSecondFactorRoutes,
          operatorWithdrawalRoutes,
          workWaitingRoutes,
          operatorDepositRoutes,
          operatorAdjustmentRoutes,
          compoundingJobRoutes,
          operatorCatalogueRoutes,
          operatorPlanRoutes,
          operatorReportRoutes,
          operatorLedgerRoutes,
          operatorTicketRoutes,
          operatorNotificationRoutes,
          operatorStaffRoutes,
          operatorMemberRoutes,
          operatorSettingsRoutes,
          operatorMemberSecondFactorRoutes,
          operatorMemberSessionRoutes,
          operatorMemberClosureRoutes,
          operatorVerificationRoutes,
        ]),
        { prefix: '/operator' },
      );
    },
    { prefix: API_PREFIX },
  );
  if (ctx.config.devMailbox !== 'off') await app.register(devMailboxRoutes);
  if (web) await registerWebApp(app, web);
  return app;
}
