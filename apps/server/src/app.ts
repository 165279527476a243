/**
 * Builds the Fastify app without listening, so tests build it too: the one composition root,
 * where modules meet through the ports they declare. Everything with a lifetime (database,
 * Redis) is passed in and closed by the caller; the app closes what it owns (the usage
 * counter's last flush, the invalidation bus) in its onClose hooks.
 */

import { join } from 'node:path';
import { createEngine } from '@mocksmith/engine';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { createDatabaseAvailability, type DatabaseAvailability } from './db/availability.ts';
import type { Database } from './db/client.ts';
import { withLock } from './db/locks.ts';
import { scheduleMaintenance } from './db/maintenance.ts';
import { createAccess } from './lib/access.ts';
import { createBackground } from './lib/background.ts';
import { createClientHasher } from './lib/client-hash.ts';
import { AppError } from './lib/errors.ts';
import { createAppBus, listenThroughDatabase } from './lib/invalidation.ts';
import { createMailer, type Mailer, sendingInBackground } from './lib/mailer.ts';
import { databaseIdentity } from './lib/redis.ts';
import { loadSessionSecret } from './lib/secrets.ts';
import { SERVER_VERSION } from './lib/version.ts';
import { createWorkPool } from './lib/work-pool.ts';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createApisRepository } from './modules/apis/apis.repository.ts';
import { apisRoutes, userApisRoutes } from './modules/apis/apis.routes.ts';
import { createApisService } from './modules/apis/apis.service.ts';
import { accountMails } from './modules/auth/auth.mails.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { accountRoutes, authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createAuth } from './modules/auth/auth.ts';
import { createPasswordHashing } from './modules/auth/password-hashing.ts';
import { createSignInGuardFor } from './modules/auth/sign-in-guard.ts';
import { createCollectionState, sessionOf } from './modules/collections/collection-state.ts';
import { createCollectionsRepository } from './modules/collections/collections.repository.ts';
import { collectionsRoutes } from './modules/collections/collections.routes.ts';
import { createCollectionsService } from './modules/collections/collections.service.ts';
import { sessionBudget } from './modules/collections/session-budget.ts';
import { createGalleryRepository } from './modules/gallery/gallery.repository.ts';
import { galleryRoutes } from './modules/gallery/gallery.routes.ts';
import { createGalleryService } from './modules/gallery/gallery.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createHistoryRepository } from './modules/history/history.repository.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { createHistoryService } from './modules/history/history.service.ts';
import { createInspectorRepository } from './modules/inspector/inspector.repository.ts';
import { inspectorRoutes } from './modules/inspector/inspector.routes.ts';
import { createInspectorService } from './modules/inspector/inspector.service.ts';
import {
  createRequestLog,
  isInspectorKey,
  WATCH_KEY_PREFIX,
  WRITE_EVERYWHERE_KEY,
} from './modules/inspector/request-log.ts';
import { createKeysRepository } from './modules/keys/keys.repository.ts';
import { keysRoutes } from './modules/keys/keys.routes.ts';
import { createKeysService } from './modules/keys/keys.service.ts';
import { createConsumerLimits } from './modules/mocks/consumer-limits.ts';
import {
  answerBudgetOf,
  type CallRecorder,
  type CollectionAnswerer,
  mocksRoutes,
} from './modules/mocks/mocks.routes.ts';
import { createMocksService } from './modules/mocks/mocks.service.ts';
import { createSharedUsageCounter, createUsageCounter } from './modules/mocks/usage-counter.ts';
import { createModerationRepository } from './modules/moderation/moderation.repository.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { createModerationService } from './modules/moderation/moderation.service.ts';
import { createAnalyser } from './modules/openapi/openapi.analysis.ts';
import { openApiRoutes } from './modules/openapi/openapi.routes.ts';
import { createOpenApiService } from './modules/openapi/openapi.service.ts';
import { projectFilesRoutes } from './modules/projects/projects.files.routes.ts';
import { createProjectFiles } from './modules/projects/projects.files.ts';
import { createProjectsRepository } from './modules/projects/projects.repository.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { projectTransferRoutes } from './modules/projects/projects.transfer.routes.ts';
import { createProjectTransfer } from './modules/projects/projects.transfer.ts';
import { createRecording } from './modules/projects/recording.ts';
import { ensureSampleApis } from './modules/samples/samples.service.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { registerApiDocs, registerApiReference } from './plugins/api-docs.ts';
import { clientErrorHandler } from './plugins/client-errors.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerDatabaseGate, registerErrorHandler } from './plugins/errors.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerAppHostOnly, wildcardRewrite } from './plugins/mock-host.ts';
import { registerNulCheck } from './plugins/nul-check.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { authHeaders, registerSession, registerSignedIn } from './plugins/session.ts';
import { readWebBuild, registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces that an API was created, changed or deleted (cache invalidation). */
    apiChanged(requestId: string): Promise<void>;
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

/**
 * The analytics write what they counted at most this often (and before a chart is read): each
 * write is seven upserts, on one machine run by the PostgreSQL that shares the server's core.
 */
const ANALYTICS_WRITE_MS = 1_000;

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
    // Headers and body within the time (Fastify turns Node's limit off by default), looked at
    // often enough that a trickled request is closed near its time (Node's default: every 30 s).
    // Given to Node's constructor too: Node 20 ignores a requestTimeout set after it.
    requestTimeout: config.REQUEST_TIMEOUT_S * 1000,
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_S * 1000,
      connectionsCheckingInterval: Math.min(5000, config.REQUEST_TIMEOUT_S * 500),
    },
    clientErrorHandler,
    // With MOCK_WILDCARD_HOST, `{slug}.{host}/...` is the project's base URL: `/p/{slug}/...`.
    rewriteUrl: wildcardRewrite(config),
  });

  // At the root: the error handler, the schemas and the document, which every scope shares.
  const availability =
    givenAvailability ??
    createDatabaseAvailability({ probe: () => db.execute(sql`select 1`), log: app.log });
  if (!givenAvailability) app.addHook('onClose', () => availability.close());
  registerErrorHandler(app, availability);
  registerJsonBody(app);
  await registerApiDocs(app, { version: SERVER_VERSION, publicOrigin: config.publicOrigin });

  // What nobody awaits (mails, counts, announcements): a failure is logged and counted, never
  // the end of the process; the app's close waits for the tasks in flight.
  const background = createBackground(app.log);
  app.addHook('onClose', () => background.drain());
  const onBusError = (error: unknown) =>
    background.failed('a cache invalidation failed; the cache may serve the old version', error);
  const bus = await createAppBus(redis, {
    namespace: databaseIdentity(db),
    onError: onBusError,
    log: app.log,
  });
  app.addHook('onClose', () => bus.close());
  // Every change of an API goes through here, so that every node drops its cached copy.
  app.decorate('apiChanged', bus.publish);

  await registerRateLimit(app, redis);

  // The modules, wired through their ports.
  const apisRepository = createApisRepository(db);
  const projectsRepository = createProjectsRepository(db);
  // Whose projects and APIs are whose, asked by every module that acts for a user.
  const access = createAccess({
    findOwnedProject: (id, ownerId) => projectsRepository.findOwned(id, ownerId),
    findApi: (id) => apisRepository.findById(id),
  });
  const history = createHistoryService({ repository: createHistoryRepository(db) });
  const apis = createApisService({
    repository: apisRepository,
    access,
    history,
    invalidate: bus.publish,
    maxResponseBytes: config.MOCK_MAX_RESPONSE_BYTES,
    maxApisPerAccount: config.MAX_APIS_PER_ACCOUNT,
    repeatCreateWindowS: config.REPEAT_CREATE_WINDOW_S,
  });
  // The background work off the event loop: seeded records, heavy lists, rules checks.
  const work = createWorkPool();
  app.addHook('onClose', () => work.close());
  // Routes are APIs in a project: the APIs' template checks, history and bus.
  const projects = createProjectsService({
    repository: projectsRepository,
    access,
    templates: apis,
    history,
    invalidate: bus.publish,
    maxApisPerAccount: config.MAX_APIS_PER_ACCOUNT,
    checkRules: (input) => work.rules(input),
  });
  // A recording project's forwarded JSON answers become its routes (issue 40).
  const recording = createRecording({ projects, log: app.log });
  app.addHook('onClose', () => recording.idle());
  const transfer = createProjectTransfer({
    repository: projectsRepository,
    access,
    templates: apis,
    invalidate: bus.publish,
    urls: { mockOrigin: config.mockOrigin, wildcardHost: config.MOCK_WILDCARD_HOST },
    collectionsOf: (projectId) => collectionsRepository.listCollections(projectId),
  });
  // The caps of large answers: an API's, and the heavy lists of a project's collections.
  const largeAnswers = answerBudgetOf(config);
  const collectionsRepository = createCollectionsRepository(db);
  // The network profiles' per-consumer limits, and the sessions anonymous callers start.
  const consumerLimits = createConsumerLimits(redis);
  const collectionState = createCollectionState({
    repository: collectionsRepository,
    maxResponseBytes: config.MOCK_MAX_RESPONSE_BYTES,
    maxOwnerBytes: config.MOCK_STATE_BYTES_PER_ACCOUNT,
    maxAnonymousBytes: Math.floor(
      (config.MOCK_STATE_BYTES_PER_ACCOUNT * config.MOCK_ANON_STATE_SHARE) / 100,
    ),
    admitNewSession: sessionBudget(consumerLimits, config.MOCK_ANON_SESSIONS_PER_HOUR),
    // Without Redis this node is the only one: it sees every change of the state itself.
    alone: redis === undefined,
    pool: work,
    heavy: {
      admit: (projectId, ownerId) => largeAnswers.admit(projectId, ownerId, 'this project'),
      charge: (projectId, ownerId, bytes) => largeAnswers.charge(projectId, ownerId, bytes),
    },
  });
  app.addHook('onClose', () => collectionState.close());
  const collections = createCollectionsService({
    repository: collectionsRepository,
    access,
    state: collectionState,
    invalidate: bus.publish,
  });
  // A project's files in (mocksmith push, the dashboard's upload of a directory).
  const projectFiles = createProjectFiles({
    repository: projectsRepository,
    collections: collectionsRepository,
    clearCollection: (project, id) => collectionState.clearCollection(project, id),
    invalidate: bus.publish,
    createProject: (user, input) => projects.create(user, input),
    removeProject: (user, id) => projects.remove(user, id),
    maxResponseBytes: config.MOCK_MAX_RESPONSE_BYTES,
    readFiles: (input) => work.readFiles(input),
    // The OpenAPI service is made below; a push reaches it only once the app answers.
    planSpec: (text, owner) => openapi.planForProject(text, owner),
  });
  // The mock URLs' ports, and the engine bound to them: the mocks service chooses through it
  // (and forgets its rotation on a reset), the mock URLs run its steps.
  const mockRecorder: CallRecorder = {
    record: (call) => {
      // Both are made below; a call is recorded only once the app answers.
      call.client = clientOf(call.client);
      requestLog.record(call);
    },
  };
  const mockCollections: CollectionAnswerer = {
    sessionOf,
    answer: (call) => collectionState.answer(call),
    reset: (project, session) => collectionState.reset(project, session),
  };
  const engine = createEngine({
    limits: consumerLimits,
    recorder: mockRecorder,
    collections: mockCollections,
  });
  const mocks = createMocksService({
    source: apisRepository,
    projects: projectsRepository,
    maxResponseBytes: config.MOCK_MAX_RESPONSE_BYTES,
    engine,
  });
  // The command line (another process) announces its bans and disabled APIs through the database.
  const databaseChannel = await listenThroughDatabase(db.$client, (id) => mocks.invalidate(id), {
    onError: onBusError,
  });
  app.addHook('onClose', () => databaseChannel.close());
  const analyser = createAnalyser();
  app.addHook('onClose', () => analyser.close());
  const openapi = createOpenApiService({ analyser, apis });
  const onCountError = (error: unknown) =>
    background.failed('could not write call counts; will retry', error);
  const usage = redis
    ? createSharedUsageCounter(
        redis,
        {
          applyBatch: (id, counts) => apisRepository.addCallBatch(id, counts),
          writeDirect: (counts) => apisRepository.addCalls(counts),
        },
        {
          namespace: databaseIdentity(db),
          onError: onCountError,
          onFallback: (fallingBack) =>
            fallingBack
              ? app.log.warn('Redis is unavailable: counting calls in this process meanwhile')
              : app.log.info('Redis is back: counting calls there again'),
        },
      )
    : createUsageCounter((counts) => apisRepository.addCalls(counts), { onError: onCountError });
  app.addHook('onClose', () => usage.close());
  // Once, whatever the number of nodes starting together: the others wait, then find them current.
  await withLock(db.$client, 'samples', () => ensureSampleApis(apisRepository, bus.publish));
  const maintenance = scheduleMaintenance(db, app.log);
  app.addHook('onClose', () => maintenance.stop());

  // Mails and the work whose timing could tell whether an address exists happen after the
  // answer, in the background.
  const mail = sendingInBackground(
    mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: join(config.dataDir, 'outbox'),
        log: app.log,
      }),
    background,
  );
  const mails = accountMails(config.publicOrigin);
  const secret = await loadSessionSecret(config.SESSION_SECRET, config.dataDir);
  // The request inspector: calls logged off the request path, the client's address hashed
  // with the session secret (the same client, the same text on every node; never the address).
  const inspectorRepository = createInspectorRepository(db);
  // The analytics count every call as it is answered (logged or not) and write the counts at
  // each flush of the log; a chart first writes what this node still holds.
  const analytics = createAnalyticsService({
    repository: createAnalyticsRepository(db),
    access,
    // What this node holds: its log's calls and its counts, whenever they were last written.
    flush: async () => {
      await requestLog.flush();
      await writeCounts();
    },
  });
  /** Writes what the analytics counted; a failure is logged and counted (those counts are lost). */
  const writeCounts = (options?: { atMostEveryMs?: number }) =>
    analytics
      .writeCounts(options)
      .catch((error: unknown) =>
        background.failed('could not add a batch of calls to the analytics; dropped', error),
      );
  const requestLog = createRequestLog({
    repository: inspectorRepository,
    redis,
    announceWatch: (ownerId) => bus.publish(`${WATCH_KEY_PREFIX}${ownerId}`),
    // Its name, code and message only: a database error's details can quote the calls.
    onError: (error) => background.failed('could not write the request log', error),
    onDropped: (count) =>
      app.log.warn({ dropped: count }, 'request log: entries dropped (the queue was full)'),
    // The analytics count every call in place, logged or not, and write at each flush.
    onCall: (call) => analytics.count(call),
    onFlush: () => writeCounts({ atMostEveryMs: ANALYTICS_WRITE_MS }),
  });
  // The bus carries the inspector's two requests beside the changes of APIs and projects: write
  // what you hold (the verification API's reads), and someone watches this live.
  bus.subscribe((key) => (isInspectorKey(key) ? requestLog.hear(key) : mocks.invalidate(key)));
  const inspector = createInspectorService({
    repository: inspectorRepository,
    log: requestLog,
    writeEverywhere: () => bus.publish(WRITE_EVERYWHERE_KEY),
    access,
  });
  // At the close, the log's last calls, then every count (the last second's too).
  app.addHook('onClose', async () => {
    await requestLog.close();
    await writeCounts();
  });
  const clientOf = createClientHasher(secret);
  const hashing = createPasswordHashing();
  const auth = createAuth({ config, db, mailer: mail, mails, secret, log: app.log, hashing });
  const accounts = createAuthService({
    auth,
    repository: createAuthRepository(db),
    mailer: mail,
    mails,
    background,
    invalidate: bus.publish,
    guard: createSignInGuardFor({ config, secret, redis, db, log: app.log }),
    hashing,
  });
  const keys = createKeysService({ repository: createKeysRepository(db) });
  registerSession(app, accounts, keys);
  // Use Template creates through the APIs module (its checks, history and cache invalidation).
  const gallery = createGalleryService({ repository: createGalleryRepository(db), apis });
  const moderation = createModerationService({
    repository: createModerationRepository(db),
    // A ban or a disabled API reaches every node's cached mocks.
    announce: async (requestIds) => {
      await Promise.all(requestIds.map(bus.publish));
    },
  });

  // Two scopes. The site (pages, assets, the /backend API) gets the edge checks and the security
  // headers; the mock URLs, called by anyone at high rates, get only what they need (their own
  // sandbox, CORS and checks), so their hot path runs none of the site's hooks.
  const web = readWebBuild(webDistDir);
  await app.register(async (site) => {
    registerNulCheck(site);
    registerAppHostOnly(site, config);
    registerDatabaseGate(site, availability);
    registerOriginCheck(site, config.publicOrigin);
    await registerSecurityHeaders(
      site,
      config.publicOrigin,
      config.separateMockHost ? config.mockOrigin : null,
      web?.routes?.scriptHashes,
    );
    await registerCompression(site);
    await registerApiReference(site);
    await site.register(healthRoutes, { db, availability, droppedCalls: requestLog.dropped });
    await site.register(authRoutes, { config, service: accounts });
    await site.register(apisRoutes, { config, apis });
    await site.register(templatesRoutes, { config });
    await site.register(openApiRoutes, {
      config,
      openapi,
      // An import into a project is stored by the projects module.
      projectImports: {
        assertOwned: (user, id) => transfer.assertOwned(user, id),
        apply: (user, id, plan) => transfer.applyForWire(user, id, plan),
      },
    });
    await site.register(galleryRoutes, { config, gallery, sessions: accounts });
    await site.register(moderationRoutes, { moderation });
    await registerSignedIn(site, accounts, async (signedIn) => {
      await signedIn.register(userApisRoutes, { config, apis });
      await signedIn.register(historyRoutes, { history });
      await signedIn.register(projectsRoutes, { config, projects });
      await signedIn.register(projectTransferRoutes, { transfer });
      await signedIn.register(projectFilesRoutes, { config, files: projectFiles, transfer });
      await signedIn.register(collectionsRoutes, { config, collections });
      await signedIn.register(inspectorRoutes, { inspector });
      await signedIn.register(analyticsRoutes, { analytics });
    });
    // What changes the account itself needs a session: an API key cannot change the password,
    // delete the account, or list, mint and revoke keys.
    await registerSignedIn(
      site,
      accounts,
      async (account) => {
        await account.register(accountRoutes, { config, service: accounts });
        await account.register(keysRoutes, { config, keys });
      },
      { sessionOnly: true },
    );
    await registerWeb(site, {
      build: web,
      publicOrigin: config.publicOrigin,
      mockOrigin: config.mockOrigin,
      mocksApart: config.separateMockHost,
      notFoundRateLimit: config.NOT_FOUND_RATE_LIMIT,
      // A signed-in page's shell names its user and its project for whoever may see them; for
      // anyone else (or when the session or the database cannot say) it is the plain shell.
      async shellFacts(request, projectId) {
        if (!request.headers.cookie) return null;
        try {
          const { body: user } = await accounts.me(authHeaders(request));
          const facts = {
            user: {
              name: user.username,
              email: user.email,
              firstSignIn: user.firstSignIn === true,
              isGoogle: user.isGoogle,
            },
          };
          if (projectId === undefined) return facts;
          const owner = { id: user.userId, email: user.email, name: user.username };
          const name = await projects.nameOf(owner, projectId);
          return name === null ? facts : { ...facts, project: { id: projectId, name } };
        } catch (error) {
          if (!(error instanceof AppError)) request.log.warn({ err: error }, 'a shell unnamed');
          return null;
        }
      },
    });
  });
  await app.register(mocksRoutes, {
    config,
    mocks,
    usage,
    recorder: mockRecorder,
    limits: consumerLimits,
    ownerKeys: keys,
    budget: largeAnswers,
    collections: mockCollections,
    engine,
    recording,
  });
  return app;
}
