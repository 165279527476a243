/**
 * Builds the Fastify app without listening, so tests build it too. Everything with a lifetime
 * (database, Redis) is passed in and closed by the caller; the app closes what it owns (the
 * usage counter's last flush, the invalidation bus) in its onClose hooks.
 */
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { createDatabaseAvailability, type DatabaseAvailability } from './db/availability.ts';
import type { Database } from './db/client.ts';
import { createLocalBus, createRedisBus, type InvalidationBus } from './lib/invalidation.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { loadSessionSecret } from './lib/secrets.ts';
import { accountMails } from './modules/auth/auth.mails.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes, decorateAuth } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createAuth } from './modules/auth/auth.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createHistoryRepository } from './modules/history/history.repository.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { createHistoryService } from './modules/history/history.service.ts';
import { mocksRoutes } from './modules/mocks/mocks.routes.ts';
import { createMocksCache } from './modules/mocks/mocks.service.ts';
import { createUsageCounter } from './modules/mocks/usage-counter.ts';
import { ensureSampleApis } from './modules/samples/samples.service.ts';
import { createTemplatesRepository } from './modules/templates/templates.repository.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { createTemplatesService } from './modules/templates/templates.service.ts';
import { registerDatabaseGate, registerErrorHandler } from './plugins/errors.ts';
import { registerMockHost } from './plugins/mock-host.ts';
import { registerNulCheck } from './plugins/nul-check.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
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
  /** Sends the account mails; by default SMTP_URL's server or DATA_DIR/outbox/. */
  mailer?: Mailer;
  /**
   * Whether the database answers; by default one that learns it from failed queries. The
   * process passes its own, which it also marks down when the embedded server exits.
   */
  availability?: DatabaseAvailability;
}

export async function buildApp({
  config,
  db,
  redis,
  webDistDir = null,
  logger,
  mailer,
  availability: givenAvailability,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    // Case-insensitive would let /API/... and /api/... share a rate-limit key; keep paths exact.
    // The e-mail verification token in /backend/user/verify/{token} is a JWT of ~250 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  });
  const availability =
    givenAvailability ??
    createDatabaseAvailability({ probe: () => db.execute(sql`select 1`), log: app.log });
  if (!givenAvailability) app.addHook('onClose', () => availability.close());
  registerErrorHandler(app, availability);
  registerNulCheck(app);
  registerMockHost(app, config);
  registerDatabaseGate(app, availability);
  registerOriginCheck(app, config.publicOrigin);
  await registerSecurityHeaders(
    app,
    config.publicOrigin,
    config.separateMockHost ? config.mockOrigin : null,
  );

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
  const cache = createMocksCache(repository, config.MOCK_MAX_RESPONSE_BYTES);
  bus.subscribe((requestId) => cache.invalidate(requestId));
  const usage = createUsageCounter((counts) => repository.addUsage(counts), {
    onError: (error) => app.log.warn({ err: error }, 'could not write call counts; will retry'),
  });
  app.addHook('onClose', () => usage.close());

  // Every change of a template goes through here, so that every node drops its cached copy.
  app.decorate('templateChanged', bus.publish);
  const templates = createTemplatesService({
    repository,
    invalidate: bus.publish,
    maxResponseBytes: config.MOCK_MAX_RESPONSE_BYTES,
  });
  await ensureSampleApis(repository, bus.publish);

  const mail =
    mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const mails = accountMails(config.publicOrigin);
  const auth = createAuth({
    config,
    db,
    mailer: mail,
    mails,
    secret: await loadSessionSecret(config.SESSION_SECRET, config.dataDir),
    log: app.log,
  });
  const authService = createAuthService({
    auth,
    repository: createAuthRepository(db),
    mailer: mail,
    mails,
    invalidate: bus.publish,
  });
  decorateAuth(app, authService);

  await app.register(healthRoutes, { db, availability });
  await app.register(authRoutes, { config, service: authService });
  await app.register(templatesRoutes, { config, templates });
  await app.register(historyRoutes, {
    history: createHistoryService({ repository: createHistoryRepository(db) }),
  });
  await app.register(mocksRoutes, { config, cache, usage });
  await registerWeb(app, webDistDir, config.separateMockHost ? config.mockOrigin : null);
  return app;
}
