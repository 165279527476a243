/**
 * The rate-limit plugin at the root, off by default (each budget of lib/rate-limits.ts turns it
 * on where it applies): counters in Redis when there is one, falling back to this node's while
 * Redis is away, and a refusal that names the limit.
 */
import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { fallbackStore } from '../lib/rate-limit-store.ts';

export async function registerRateLimit(app: FastifyInstance, redis: Redis | undefined) {
  await app.register(rateLimit, {
    global: false,
    // RateLimit-* headers of the IETF draft, with Retry-After on a 429.
    enableDraftSpec: true,
    ...(redis
      ? {
          store: fallbackStore({
            redis,
            nameSpace: 'mocksmith-rl-',
            onFallback: (fallingBack) =>
              fallingBack
                ? app.log.warn('Redis is unavailable: rate limits count per node meanwhile')
                : app.log.info('Redis is back: rate limits are shared again'),
          }),
        }
      : {}),
    // The budgets of lib/rate-limits.ts word their own refusals, with their windows; the plugin's
    // `after` is the time left in the window, not the window (it read "per 3 minutes" of a
    // 5-minute limit), so this one, for the others, names none.
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: ErrorCode.RATE_LIMITED,
      message: `Rate limit exceeded: at most ${context.max} requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds`,
    }),
  });
}
