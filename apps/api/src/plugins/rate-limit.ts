import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Per-route request limits (sign-in, OTP, registration). In memory on one instance; shared
 * through Redis when REDIS_URL is set, so several instances count together.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<void> {
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'member-invest-rl:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      status: 'error',
      message: `Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds`,
      error: 'RATE_LIMITED',
    }),
  });
}

/** Limits keyed by the signed-in member (for routes of the member group, checked after its hook). */
export const perMemberKey = (request: FastifyRequest) => request.member?.memberId ?? request.ip;
