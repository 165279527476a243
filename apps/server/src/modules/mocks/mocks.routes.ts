/**
 * The public mock URLs, HTTP only: a Fastify request in, the engine's answer out. Checks run in
 * this order: unknown id or endpoint 404, wrong method 405, missing or wrong bearer token 401
 * (the hooks: the service's resolve, the engine's admit), over the rate limit 429; then the
 * engine's handle (choice, profile, delay, answer) and one send of its answer.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import {
  ErrorCode,
  errorBodySchema,
  jsonTextTooDeep,
  MAX_JSON_DEPTH,
  mockMethodParamsSchema,
  mockParamsSchema,
  mockQuerySchema,
  type RawQuery,
} from '@mocksmith/core';
import type { BodyProblem } from '@mocksmith/core/collections';
import { LOGGED_BODY_BYTES } from '@mocksmith/core/inspector';
import { MAX_REQUEST_BODY_BYTES } from '@mocksmith/core/projects';
import {
  type Answer,
  type CallRecorder,
  type CollectionAnswerer,
  createEngine,
  type Engine,
  type ForwardPort,
  type LargeAnswers,
  MAX_FORWARDED_BODY_BYTES,
  MOCK_CORS,
  type MockCall,
  newCall,
  type RecordedExchange,
  type SentAnswer,
  type StreamAnswer,
} from '@mocksmith/engine';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { MOCK_ANSWER_HEADERS } from '../../lib/mock-headers.ts';
import { limitHooks, limitSettings } from '../../lib/rate-limits.ts';
import { COMPRESSION_THRESHOLD } from '../../plugins/compression.ts';
import { mockHostRedirect } from '../../plugins/mock-host.ts';
import { nulInUrl } from '../../plugins/nul-check.ts';
import { type AnswerBudget, createAnswerBudget } from './answer-budget.ts';
import { createAnswerPool } from './answer-pool.ts';
import { type ConsumerLimits, createConsumerLimits } from './consumer-limits.ts';
import { createDelayedCalls } from './delayed-calls.ts';
import type { MockApi, MockResponse } from './mock-cache.ts';
import { createOwnerRecognizer, mockLimitRefusal, OWNER_PREFIX } from './mock-owner.ts';
import type { MockProject, MocksService, ResolvedRoute } from './mocks.service.ts';
import { createUpstream } from './upstream.ts';
import type { UsageCounter } from './usage-counter.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The mock call this request is, through the engine's steps (made by the scope's edge hook). */
    mockCall: ServerCall;
  }
}

/** The engine's call value with the server's compiled route, response, project and collection call. */
export type ServerCall = MockCall<MockApi, MockResponse, MockProject, CollectionTarget>;

type CollectionTarget = Extract<ResolvedRoute, { collection: unknown }>;

export type { CallRecorder, CollectionAnswerer } from '@mocksmith/engine';

export interface MocksRoutesOptions {
  config: Config;
  mocks: MocksService;
  usage: UsageCounter;
  /** The network profiles' per-consumer limits and replay counters (shared through Redis). */
  limits?: ConsumerLimits;
  /**
   * The collections' answer step of the engine made here (an engine given has its own); without
   * it, a project's collections answer 404 (the answer worker's tests).
   */
  collections?: CollectionAnswerer;
  /** Without it, no call is logged. */
  recorder?: CallRecorder;
  /**
   * The account a personal API key (`Bearer mks_...`) acts as: the owner's key calls a
   * collection as the owner. Throws for a key that is not live. Without it, keys are anyone's.
   */
  ownerKeys?: { userOfKey(key: string): Promise<{ id: string }> };
  /**
   * The caps of large answers, shared with the heavy lists of collections (app.ts); one of its
   * own, from the configuration, without it.
   */
  budget?: AnswerBudget;
  /**
   * The engine, bound to these ports, that the mocks service chooses through (app.ts makes one
   * for both, so that the service's reset forgets the rotation this server answers by); one of
   * its own on these ports without it.
   */
  engine?: Engine;
  /**
   * Where a project's proxy sends the calls no route answers; one of its own from the
   * configuration (upstream.ts) without it.
   */
  upstream?: ForwardPort<unknown>;
  /** Where a recording project's forwarded JSON answers go to become routes; none: not recorded. */
  recording?: { record(exchange: RecordedExchange): void };
}

/** Methods routed to the mock handler; anything but the API's own gets a 405. */
const ROUTED_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
/** A project's URLs answer OPTIONS themselves too (with the path's Allow). */
const PROJECT_METHODS = [...ROUTED_METHODS, 'OPTIONS'];

interface MockParams {
  method?: string;
  requestId: string;
  '*'?: string;
}

interface ProjectParams {
  slug: string;
  '*'?: string;
}

/** A JSON body as a template may read it; anything else (or larger) is read and dropped. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

const answers = {
  200: z.unknown().describe('The generated body (none for an API that answers 204)'),
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  405: errorBodySchema,
  429: errorBodySchema,
};

/** The documented forms; the forms with a custom endpoint after the id are the same call. */
const schemas: Record<string, FastifySchema> = {
  '/:method/:requestId': {
    tags: ['Mock URLs'],
    summary: 'Call a mock API (the link the service gives)',
    description:
      'Also `/backend/apitemplate/{method}/{requestId}/{customEndpoint}`. Any method routes here: another than the API’s own gets 405. A protected API needs `Authorization: Bearer mck_...`. `seed`, `sort`, `order`, `page` and `limit` shape the answer.',
    security: [{}, { mockToken: [] }],
    params: mockMethodParamsSchema,
    querystring: mockQuerySchema,
    response: answers,
  },
  '/:requestId': {
    tags: ['Mock URLs'],
    summary: 'Call a mock API by its id alone',
    description: 'Also `/api/{requestId}/{customEndpoint}`.',
    security: [{}, { mockToken: [] }],
    params: mockParamsSchema,
    querystring: mockQuerySchema,
    response: answers,
  },
  '/:slug/*': {
    tags: ['Mock URLs'],
    summary: 'Call a route of a project (its base URL, then the route’s path)',
    description: `Routed like a real server: a static segment before a parameter, a trailing slash ignored, \`*\` for any rest. An unknown path answers 404 naming the closest routes; a path of the project without a route for the method answers 405 with \`Allow\`; OPTIONS answers the path’s \`Allow\`. \`Prefer: example=NAME\` or \`Prefer: code=404\` picks one of the route’s named responses (X-Mock-Response names it, X-Mock-Rule the rule that picked one). Past the platform’s limit per address, 429; an owner’s calls with one of their API keys (\`X-Mocksmith-Key\`) or a token of the route, the project or the collection count on their account’s larger limit. Templates read the request: \`{{request.params.id}}\`, \`{{request.query.page}}\`, \`{{request.headers.x-tenant}}\`, \`{{request.body.name}}\` (JSON bodies up to 64 KiB, nested at most ${MAX_JSON_DEPTH} levels: a deeper one answers 400 \`BODY_TOO_DEEP\` where a template or a collection reads it, and is read as \`null\` elsewhere). With MOCK_WILDCARD_HOST, \`https://{slug}.{host}/{path}\` is the same call.`,
    security: [{}, { mockToken: [] }],
    params: z.object({
      slug: z.string().describe('The project’s slug'),
      '*': z.string().describe('The path after the base URL, e.g. users/42'),
    }),
    querystring: mockQuerySchema,
    response: { ...answers, 403: errorBodySchema },
  },
};

/**
 * The mock URLs validate nothing with the schemas, which are there to document them: the
 * service checks what it reads (the id's shape, the list query with its own messages), and the
 * hot path pays for no second check. A compiler that returns no validator makes Fastify skip the
 * validation step altogether for these routes.
 */
const documentOnly = (() => undefined) as unknown as FastifySchemaCompiler<unknown>;

/**
 * What every answer of a mock URL carries, written once per call: the sandbox (mock-headers.ts)
 * and open CORS, as @fastify/cors wrote it with origin `*` (these URLs are called from browser
 * apps on any origin). Written here rather than by the CORS plugin, whose hook cost every call
 * about a microsecond (with the compression plugin's, about 8% of a W1 call's CPU time).
 */
const MOCK_SCOPE_HEADERS: Readonly<Record<string, string>> = {
  ...MOCK_ANSWER_HEADERS,
  'access-control-allow-origin': MOCK_CORS.origin,
  'access-control-expose-headers': MOCK_CORS.exposedHeaders,
};
const PREFLIGHT_METHODS = MOCK_CORS.methods.join(', ');
const PREFLIGHT_MAX_AGE = String(MOCK_CORS.maxAge);

/** Compression of the large answers, as @fastify/compress did it (Brotli at quality 4, gzip). */
const ENCODINGS = ['br', 'gzip'];
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };

/** The caps of large answers as the configuration sets them (answer-budget.ts). */
export function answerBudgetOf(config: Config): AnswerBudget {
  return createAnswerBudget({
    perApi: config.MOCK_LARGE_ANSWERS_PER_API,
    perOwner: config.MOCK_LARGE_ANSWERS_PER_ACCOUNT,
    total: config.MOCK_LARGE_ANSWERS,
    apiBytesPerMinute: config.MOCK_API_BYTES_PER_MINUTE,
    ownerBytesPerMinute: config.MOCK_ACCOUNT_BYTES_PER_MINUTE,
  });
}

export async function mocksRoutes(
  app: FastifyInstance,
  {
    config,
    mocks,
    usage,
    collections,
    limits = createConsumerLimits(),
    recorder,
    ownerKeys,
    budget = answerBudgetOf(config),
    // The engine's steps, bound to this server's ports (the limits in Redis, the request log).
    engine = createEngine({ limits, recorder, collections }),
    upstream,
    recording,
  }: MocksRoutesOptions,
) {
  app.decorateRequest('mockCall', null as unknown as ServerCall);
  const delayed = createDelayedCalls({
    perClient: config.MOCK_MAX_DELAYED_PER_CLIENT,
    total: config.MOCK_MAX_DELAYED,
  });
  const redirect = mockHostRedirect(config);
  const pool = createAnswerPool({
    workers: config.MOCK_ANSWER_WORKERS || undefined,
    maxResponseBytes: config.MOCK_MAX_RESPONSE_BYTES,
  });
  app.addHook('onClose', () => pool.close());
  const forwarder =
    upstream ??
    (() => {
      const made = createUpstream({
        allowPrivate: config.MOCK_PROXY_ALLOW_PRIVATE,
        connectTimeoutMs: config.MOCK_PROXY_CONNECT_TIMEOUT_MS,
        timeoutMs: config.MOCK_PROXY_TIMEOUT_MS,
        maxBytes: config.MOCK_MAX_RESPONSE_BYTES,
        perMinute: config.MOCK_PROXY_CALLS_PER_MINUTE,
        limits,
      });
      app.addHook('onClose', () => made.close());
      return made;
    })();

  /**
   * The one send of every answer (a route's, a large one, a collection's, an asked status, a
   * fault's status): it counts an API's answered call (`counted`, its id; null for what has no
   * count) and compresses a large body for a client that accepts it (Brotli or gzip, in libuv's
   * threads, then sent whole with its length). It returns the reply, or a promise of it, which
   * every path returns to Fastify: a promise that resolved to nothing once a body was on its way
   * went out empty (Content-Length: 0) on a real connection.
   */
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    answer: SentAnswer,
  ): FastifyReply | Promise<FastifyReply> => {
    if (answer.counted !== null) usage.add(answer.counted);
    reply.code(answer.status);
    if (answer.payload !== undefined) reply.type('application/json; charset=utf-8');
    // The API's own headers come last, so a custom Content-Type (application/hal+json...) wins.
    for (const [name, value] of answer.headers) reply.header(name, value);
    // Compressed only when large and asked for: most answers are small, and wrk asks for none.
    // A large answer varies on Accept-Encoding either way, for the caches in between.
    const { payload } = answer;
    if (payload === undefined || payload.length < COMPRESSION_THRESHOLD) return reply.send(payload);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    if (accepted === undefined || request.headers['x-no-compression'] !== undefined) {
      return reply.send(payload);
    }
    const encoding = negotiate(accepted, ENCODINGS);
    if (encoding === null || encoding === 'identity') return reply.send(payload);
    // Off the event loop, in libuv's threads; the whole body then goes with its length.
    return (encoding === 'br' ? brotli(payload, BROTLI_OPTIONS) : gzipped(payload)).then(
      (bytes) => {
        reply.header('content-encoding', encoding);
        return reply.send(bytes);
      },
    );
  };

  /**
   * A forwarded call's answer: the upstream's status and headers, its body streamed as it
   * arrives (none for a status that has none).
   */
  const sendStream = (reply: FastifyReply, answer: StreamAnswer): FastifyReply => {
    reply.code(answer.status);
    for (const [name, value] of answer.headers) reply.header(name, value);
    const { body } = answer;
    if (body === null || answer.status === 204 || answer.status === 304) {
      body?.destroy();
      return reply.send();
    }
    return reply.send(body);
  };

  /** The call's one wait: its delay, held among its client's delayed calls (delayed-calls.ts). */
  const wait = (client: string, delay: number): Promise<void> => {
    const release = delayed.admit(client, delay);
    return sleep(delay).finally(release);
  };

  /**
   * A resolved API; a project's route called at its own URL gets its project too, so that one
   * route has one behaviour and one log whichever URL calls it (its project's settings, network
   * profile and request log).
   */
  const resolved = (request: FastifyRequest, api: MockApi, done: (error?: Error) => void) => {
    const call = request.mockCall;
    call.route = api;
    const params = request.params as MockParams;
    try {
      engine.admit(api, request.method, params['*'], request.headers.authorization);
    } catch (error) {
      // A call refused once its API was found (another method or endpoint, a missing or wrong
      // token) is the API's: it goes to the API's inspector and analytics like an answered one.
      if (api.projectId) call.project = mocks.heldProjectOf(api);
      return done(error as Error);
    }
    if (api.projectId === null) return done();
    const project = mocks.projectOf(api);
    if (!(project instanceof Promise)) {
      call.project = project;
      return done();
    }
    project.then(
      (found) => {
        call.project = found;
        done();
      },
      (error: Error) => done(error),
    );
  };

  // A callback hook rather than an async one: a cached API (nearly every call) is resolved
  // synchronously, without a promise per request on the hot path.
  const resolve: onRequestHookHandler = (request, _reply, done) => {
    const params = request.params as MockParams;
    try {
      const api = mocks.resolve({ methodSegment: params.method, requestId: params.requestId });
      if (!(api instanceof Promise)) return resolved(request, api, done);
      api.then(
        (found) => resolved(request, found, done),
        (error: Error) => done(error),
      );
    } catch (error) {
      done(error as Error);
    }
  };

  // A project's call: its route, from the project's table, then the route's checks.
  const resolveRoute: onRequestHookHandler = (request, reply, done) => {
    const { slug } = request.params as ProjectParams;
    // A path of no route is logged too, with its body (the inspector makes a route of it): its
    // 404 waits for the handler, after the body is read and the rate limit counted.
    const refuse = (error: Error) => {
      const call = request.mockCall;
      call.project = mocks.cachedProject(slug);
      const code = (error as { code?: string }).code;
      // Another method of a path: kept only for a project whose proxy answers it instead.
      if (
        call.project &&
        (code === ErrorCode.ROUTE_NOT_FOUND ||
          (code === ErrorCode.METHOD_NOT_ALLOWED && call.project.settings.proxy))
      ) {
        call.refusal = error;
        return done();
      }
      done(error);
    };
    const settle = (route: ResolvedRoute) => {
      const call = request.mockCall;
      if ('collection' in route) call.collection = route;
      else if (route.api === null) reply.header('allow', route.allow);
      else {
        call.params = route.params;
        call.project = route.project;
      }
      call.route = route.api;
      done();
    };
    try {
      const resolved = mocks.resolveRoute({
        slug,
        path: pathInProject(request.url),
        method: request.method,
        authorization: request.headers.authorization,
      });
      if (resolved instanceof Promise) resolved.then(settle, (error: Error) => refuse(error));
      else settle(resolved);
    } catch (error) {
      refuse(error as Error);
    }
  };

  // The platform's limit: per address, or per account for an owner's own calls (mock-owner.ts).
  const recognizer = createOwnerRecognizer({
    keyOwner: ownerKeys
      ? async (key) => {
          try {
            return (await ownerKeys.userOfKey(key)).id;
          } catch (error) {
            // A key that is not live, or whose owner is banned, proves nothing.
            if (error instanceof AppError) return null;
            throw error;
          }
        }
      : undefined,
  });
  const anonymous = limitSettings(config).mock;
  const preHandler: preHandlerHookHandler[] = limitHooks(app, {
    ...anonymous,
    key: (request) => recognizer.countedAs(request),
    maxOf: (counted) =>
      counted.startsWith(OWNER_PREFIX) ? config.MOCK_OWNER_RATE_LIMIT : anonymous.max,
    refusal: mockLimitRefusal(config.MOCK_OWNER_RATE_LIMIT),
  });

  /**
   * A large answer, once its delay is waited: a place among the large answers (429 past the caps
   * or the minute's budget, see answer-budget.ts), held until the answer is sent or the client
   * left; then rendered in a worker (answer-pool.ts), its bytes counted against the API's budget.
   */
  const renderLarge: LargeAnswers<FastifyReply, MockResponse>['render'] = async (
    reply,
    api,
    response,
    query,
    pageUrl,
    context,
  ) => {
    const release = budget.admit(api.id, api.ownerId);
    // Before the answer is sent, a close is the client leaving: its answer is then not made.
    let gone = false;
    reply.raw.once('close', () => {
      gone = true;
      release();
    });
    const rendered = await pool.render(response, query, pageUrl, () => gone, context);
    budget.charge(api.id, api.ownerId, rendered.body.length);
    return rendered;
  };

  // The flow of a resolved call (the engine's handle.ts), on this server's ports.
  const handle = engine.handler<MockApi, MockResponse, MockProject, CollectionTarget, FastifyReply>(
    {
      wait,
      large: { bytes: config.MOCK_LARGE_ANSWER_BYTES, render: renderLarge },
      ownerOfKey: (key) => recognizer.ownerOfKey(key),
      pageUrl: (url) => `${config.mockOrigin}${url.split('?')[0]}`,
      projectUrl: (slug) => `${config.mockOrigin}/p/${slug}`,
      requestPath: pathInProject,
      forward: recording
        ? {
            forward: (call, host) => forwarder.forward(call, host),
            record: (exchange) => recording.record(exchange),
          }
        : forwarder,
    },
  );

  /**
   * A refusal once the answer had headers (X-Mock-Response, a profile's RateLimit-*): the error
   * carries them too, as it did when they were set on the reply before the answer was made.
   */
  const refused = (reply: FastifyReply, error: unknown): never => {
    const given = reply.request.mockCall.answerHeaders;
    if (given !== null) for (const [name, value] of given) reply.header(name, value);
    throw error;
  };

  /** The engine's answer sent, or the connection closed without one (a profile's fault). */
  const deliver = (request: FastifyRequest, reply: FastifyReply, answer: Answer) => {
    if (answer.kind === 'send') return send(request, reply, answer);
    if (answer.kind === 'stream') return sendStream(reply, answer);
    // No answer, so no onResponse: logged here, before the connection goes.
    logCall(request, reply, 0);
    if (answer.how === 'reset') request.raw.socket.resetAndDestroy();
    else request.raw.socket.destroy();
  };

  // Synchronous unless the call waits for something (a delay, a profile's limit, a large
  // answer, a collection), for the same reason as the hook above.
  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    let answer: Answer | Promise<Answer>;
    try {
      answer = handle(request.mockCall, reply);
    } catch (error) {
      return refused(reply, error);
    }
    if (answer instanceof Promise) {
      return answer.then(
        (answered) => deliver(request, reply, answered),
        (error: unknown) => refused(reply, error),
      );
    }
    return deliver(request, reply, answer);
  };

  /**
   * Captures a call of a project, or of a stand-alone API with an owner, for the request
   * inspector and the analytics, once: references and numbers only (see core's
   * inspector/capture.ts), the entry built at the log's flush for the few calls it stores. A
   * project whose logging is off has its calls counted, never kept; a route called at its own
   * URL is its project's. An API's call is logged with its whole path (`/api/{id}`,
   * `/backend/apitemplate/...`): its URLs have no base of their own. An anonymous or official
   * API's calls are not: no one could see them.
   */
  const logCall = (request: FastifyRequest, reply: FastifyReply, status: number): void => {
    const call = request.mockCall;
    if (call !== null) engine.capture(call, status, reply, projectPathAt);
  };

  /** The URLs of one kind: how their calls are resolved, and what else they do. */
  interface ScopeKind {
    paths: string[];
    methods: string[];
    onRequest: onRequestHookHandler;
    /** A project's URLs read JSON bodies (for its templates) and answer OPTIONS themselves. */
    project: boolean;
  }

  // Not helmet's headers, which are the app's: these answers carry the sandbox of mock-headers.ts.
  const mockScope = (kind: ScopeKind) => async (scope: FastifyInstance) => {
    // A mock call logs through the process's logger rather than a child made for each call
    // (about 7% of a W1 call's CPU time); the error handler names the request id itself.
    scope.setChildLoggerFactory((logger) => logger);
    // The scope's one edge hook. First the sandbox, so that every answer of these URLs carries
    // it, errors and preflights too; then a NUL in the URL (400), and, with MOCK_ORIGIN, the
    // redirect of a mock URL asked of the app's host.
    scope.addHook('onRequest', (request, reply, done) => {
      // The call value every step and the log read, made before anything can refuse the call.
      request.mockCall = newCall(
        request.method,
        request.url,
        request.query as RawQuery,
        request.headers,
        request.ip,
      );
      reply.headers(MOCK_SCOPE_HEADERS);
      const nul = nulInUrl(request.url);
      if (nul) return done(nul);
      if (redirect && !redirect(request, reply)) return;
      // A CORS preflight, answered as @fastify/cors answered it (no strict checks: any
      // OPTIONS): a stand-alone URL's here; a project's goes on to its route, which answers the
      // path's Allow (or 404).
      if (request.method === 'OPTIONS') {
        preflight(request, reply);
        if (!kind.project) return void reply.code(204).header('content-length', '0').send();
      }
      done();
    });
    // The calls of a project and of an API, answered or refused, go to the request inspector
    // once sent (logCall leaves out those of no one's API).
    if (recorder) {
      scope.addHook('onResponse', (request, reply, done) => {
        logCall(request, reply, reply.statusCode);
        done();
      });
    }
    // A stand-alone URL's OPTIONS is routed (any path under its prefix, as the CORS plugin's
    // route was), to be answered as a preflight by the edge hook.
    if (!kind.project) {
      scope.options('/*', { schema: { hide: true } }, noContent);
    }
    // A request body is never needed and never breaks a call: read it and throw it away; in a
    // project, a JSON body up to MAX_REQUEST_BODY_BYTES is kept for the templates that read it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (request, payload, done) => {
      const keep = kind.project && JSON_TYPE.test(request.headers['content-type'] ?? '');
      const chunks: Buffer[] = [];
      let size = 0;
      payload.on('error', () => {});
      // The first LOGGED_BODY_BYTES, whatever the type, for the request inspector.
      const logged: Buffer[] | null = recorder ? [] : null;
      const call = request.mockCall;
      call.rawBody = logged;
      // A call the project's proxy forwards: its whole body, as received, within its bound.
      if (kind.project && forwarded(call)) return readForwarded(call, payload, done);
      payload.on('data', (chunk: Buffer) => {
        if (logged !== null && size < LOGGED_BODY_BYTES) logged.push(chunk);
        size += chunk.length;
        if (keep && size <= MAX_REQUEST_BODY_BYTES) chunks.push(chunk);
      });
      payload.on('end', () => {
        if (!kind.project) return done(null, undefined);
        if (!keep) {
          // A collection refuses it (415); a route's template reads it as null.
          if (size > 0) call.bodyProblem = 'not-json';
          return done(null, undefined);
        }
        const read = jsonOf(chunks, size);
        if (read.problem !== null) call.bodyProblem = read.problem;
        call.body = read.value;
        done(null, read.value);
      });
    });
    for (const url of kind.paths) {
      const schema = schemas[url] ?? { hide: true };
      scope.route({
        method: kind.methods,
        url,
        schema,
        validatorCompiler: documentOnly,
        onRequest: kind.onRequest,
        preHandler,
        handler,
        helmet: false,
        config: { mock: true },
      });
    }
  };
  const standAlone = { methods: ROUTED_METHODS, onRequest: resolve, project: false };
  await app.register(
    mockScope({ ...standAlone, paths: ['/:method/:requestId', '/:method/:requestId/*'] }),
    { prefix: '/backend/apitemplate' },
  );
  await app.register(mockScope({ ...standAlone, paths: ['/:requestId', '/:requestId/*'] }), {
    prefix: '/api',
  });
  await app.register(
    mockScope({
      paths: ['/:slug', '/:slug/*'],
      methods: PROJECT_METHODS,
      onRequest: resolveRoute,
      project: true,
    }),
    { prefix: '/p' },
  );
}

/** Whether a project's call goes to its proxy (no route answers it, and it has one). */
function forwarded(call: ServerCall): boolean {
  return call.refusal !== null && Boolean(call.project?.settings.proxy);
}

/**
 * The body of a call to forward, whole, up to MAX_FORWARDED_BODY_BYTES (past it the call is
 * refused with 413 by the forward), its first bytes kept for the log too.
 */
function readForwarded(
  call: ServerCall,
  payload: NodeJS.ReadableStream,
  done: (error: Error | null, body?: unknown) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  payload.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_FORWARDED_BODY_BYTES) chunks.push(chunk);
  });
  payload.on('end', () => {
    const whole = size > MAX_FORWARDED_BODY_BYTES ? 'too-large' : Buffer.concat(chunks);
    call.forwardBody = whole;
    if (call.rawBody !== null && whole !== 'too-large') {
      call.rawBody.push(whole.subarray(0, LOGGED_BODY_BYTES));
    }
    done(null, undefined);
  });
}

/**
 * The path of a project's call after its base URL, as sent (still encoded, query kept): from
 * the raw URL rather than the router's decoded `*`, so that `%2F` in a segment stays in it.
 */
function pathInProject(url: string): string {
  const start = pathStartInProject(url);
  return start === url.length || url[start] === '?' ? `/${url.slice(start)}` : url.slice(start);
}

/** Where a call's own path starts in a URL of a project's base URL (`/p/{slug}/...`), else 0. */
function projectPathAt(url: string): number {
  return url.startsWith('/p/') ? pathStartInProject(url) : 0;
}

/** Where a project call's own path starts in its URL (`/p/{slug}` cut off; its length if none). */
function pathStartInProject(url: string): number {
  const slash = url.indexOf('/', 3);
  const query = url.indexOf('?', 3);
  if (slash === -1 || (query !== -1 && query < slash)) return query === -1 ? url.length : query;
  return slash;
}

/**
 * A kept JSON body: its value (null when it is too large, too deep or not JSON), and why not.
 * Its depth is checked on the text, before anything parses or walks it.
 */
function jsonOf(chunks: Buffer[], size: number): { value: unknown; problem: BodyProblem | null } {
  if (size === 0) return { value: null, problem: null };
  if (size > MAX_REQUEST_BODY_BYTES) return { value: null, problem: 'too-large' };
  const text = Buffer.concat(chunks).toString('utf8');
  if (jsonTextTooDeep(text)) return { value: null, problem: 'too-deep' };
  try {
    return { value: JSON.parse(text), problem: null };
  } catch {
    return { value: null, problem: 'invalid-json' };
  }
}

/** The preflight's own headers, as @fastify/cors wrote them for the mock URLs' options. */
function preflight(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('access-control-allow-methods', PREFLIGHT_METHODS);
  const vary = reply.getHeader('vary');
  reply.header(
    'vary',
    vary ? `${vary}, Access-Control-Request-Headers` : 'Access-Control-Request-Headers',
  );
  const asked = request.headers['access-control-request-headers'];
  if (asked !== undefined) reply.header('access-control-allow-headers', asked);
  reply.header('access-control-max-age', PREFLIGHT_MAX_AGE);
}

/** A stand-alone URL's preflight, answered by the edge hook before this runs. */
function noContent(_request: FastifyRequest, reply: FastifyReply): void {
  reply.code(204).header('content-length', '0').send();
}
