/**
 * Builds the Fastify app without listening, so tests build it too. Everything with a lifetime
 * (database, Redis) is passed in and closed by the caller; the app closes what it owns (the
 * usage counter's last flush, the invalidation bus) in its onClose hooks.
 */
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createLocalBus, createRedisBus, type InvalidationBus } from './lib/invalidation.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mocksRoutes } from './modules/mocks/mocks.routes.ts';
import { createMocksCache } from './modules/mocks/mocks.service.ts';
import { createUsageCounter } from './modules/mocks/usage-counter.ts';
import { ensureSampleApis } from './modules/samples/samples.service.ts';
import { createTemplatesRepository } from './modules/templates/templates.repository.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { createTemplatesService } from './modules/templates/templates.service.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces that a template was created, changed or deleted (cache invalidation). */
    templateChanged(requestId: string): void;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  /** Shared rate-limit counters and cache invalidation across nodes, when set. */
  redis?: Redis;
  /** The built web app to serve, or null. */
  webDistDir?: string | null;
  /** The process's logger; none in tests. */
  logger?: FastifyBaseLogger;
}

export async function buildApp({
  config,
  db,
  redis,
  webDistDir = null,
  logger,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    // Case-insensitive would let /API/... and /api/... share a rate-limit key; keep paths exact.
    routerOptions: { ignoreTrailingSlash: true },
  });
  registerErrorHandler(app);

  const bus: InvalidationBus = redis ? await createRedisBus(redis) : createLocalBus();
  app.addHook('onClose', () => bus.close());

  await app.register(rateLimit, {
    global: false,
    // RateLimit-* headers of the IETF draft, with Retry-After on a 429.
    enableDraftSpec: true,
    ...(redis ? { redis, nameSpace: 'mocksmith-rl-' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: `Rate limit exceeded: at most ${context.max} requests per ${context.after}. Try again in ${Math.ceil(context.ttl / 1000)} seconds`,
    }),
  });

  const repository = createTemplatesRepository(db);
  const cache = createMocksCache(repository);
  bus.subscribe((requestId) => cache.invalidate(requestId));
  const usage = createUsageCounter((counts) => repository.addUsage(counts), {
    onError: (error) => app.log.warn({ err: error }, 'could not write call counts; will retry'),
  });
  app.addHook('onClose', () => usage.close());

  // Every change of a template goes through here, so that every node drops its cached copy.
  app.decorate('templateChanged', bus.publish);
  const templates = createTemplatesService({ repository, invalidate: bus.publish });
  await ensureSampleApis(repository, bus.publish);

  await app.register(healthRoutes, { db });
  await app.register(templatesRoutes, { config, templates });
  await app.register(mocksRoutes, { config, cache, usage });
  await registerWeb(app, webDistDir);
  return app;
}
