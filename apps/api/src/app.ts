import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppContext } from './app-context.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerHttpSecurity } from './plugins/http-security.ts';
import { registerIdempotencyStore } from './plugins/idempotency.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { profileRoutes } from './modules/auth/referral-routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { packageRoutes } from './modules/packages/routes.ts';
import { devMailboxRoutes } from './modules/system/dev-mailbox.ts';
import { statementRoutes } from './modules/statements/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { operatorRoutes } from './modules/operator/routes.ts';
import { withdrawalRoutes } from './modules/withdrawals/routes.ts';
import { depositRoutes } from './modules/deposits/routes.ts';
import { compoundingRoutes } from './modules/compounding/routes.ts';

export const API_PREFIX = '/api/v1';

export type BuildOptions = { logger?: Logger | false; serveWeb?: boolean };

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
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ajv: undefined,
  }) as unknown as FastifyInstance;
  app.decorate('ctx', ctx);
  app.decorateRequest('member', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // A POST without a body is validated as {} so the answer names each missing field.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  await registerHttpSecurity(app, API_PREFIX);
  await registerRateLimits(app, ctx.config.redisUrl);
  registerErrorHandling(app);
  registerMetrics(app);
  registerIdempotencyStore(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Member investment platform API',
        version: '1.0.0',
        description: 'The member API of API.md: envelope, errors and every route.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles of its own; allow those on its pages only.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(walletRoutes);
      await api.register(notificationRoutes);
      await api.register(packageRoutes);
      await api.register(operatorRoutes, { prefix: '/operator' });
      await api.register(statementRoutes);
      await api.register(withdrawalRoutes);
      await api.register(depositRoutes);
      await api.register(compoundingRoutes);
    },
    { prefix: API_PREFIX },
  );
  if (ctx.config.devMailbox !== 'off') await app.register(devMailboxRoutes);
  if (options.serveWeb !== false) await registerWebApp(app);
  return app;
}
