/**
 * The public mock URLs, HTTP only: the rules are the service's (resolve, then render). Checks
 * run in this order: unknown id or endpoint 404, wrong method 405, missing or wrong bearer token
 * 401, over the rate limit 429; then the delay, and the API's status, headers and body.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import cors from '@fastify/cors';
import {
  ErrorCode,
  errorBodySchema,
  mockMethodParamsSchema,
  mockParamsSchema,
  mockQuerySchema,
  type RawQuery,
} from '@mocksmith/core';
import type { CollectionDefinition } from '@mocksmith/core/collections';
import { MAX_REQUEST_BODY_BYTES, type RequestContext } from '@mocksmith/core/projects';
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
import { limitHooks, limitSettings } from '../../lib/rate-limits.ts';
import { COMPRESSION_THRESHOLD, registerCompression } from '../../plugins/compression.ts';
import { mockHostRedirect } from '../../plugins/mock-host.ts';
import { nulInUrl } from '../../plugins/nul-check.ts';
import { createAnswerBudget } from './answer-budget.ts';
import { createAnswerPool } from './answer-pool.ts';
import { createDelayedCalls } from './delayed-calls.ts';
import type { MockApi, MockResponse } from './mock-cache.ts';
import { MOCK_ANSWER_HEADERS } from './mock-headers.ts';
import type { MockAnswer, MocksService, ResolvedRoute } from './mocks.service.ts';
import type { UsageCounter } from './usage-counter.ts';

declare module 'fastify' {
  interface FastifyRequest {
    mockApi: MockApi | null;
    /** The path parameters of a project's route, as the route declares them. */
    mockParams: Record<string, string | number | boolean> | null;
    /** A call to a project's collection (or its reset), resolved. */
    mockCollection: CollectionTarget | null;
    /** Why a project call's body could not be read as a record, if it could not. */
    mockBodyProblem: BodyProblem | null;
  }
}

type CollectionTarget = Extract<ResolvedRoute, { project: unknown }>;

/** Why a body could not be read: another type than JSON, not JSON, or past 64 KiB. */
type BodyProblem = 'not-json' | 'invalid-json' | 'too-large';

/** The answer step of collections (the collections module's state), as the mock URLs call it. */
export interface CollectionAnswerer {
  /** The session a call names (`X-Mock-Session`, `?__session`), '' for the shared state. */
  sessionOf(header: string | string[] | undefined, query: RawQuery): string;
  answer(call: {
    project: {
      id: string;
      ownerId: string;
      seed: number;
      collections: readonly CollectionDefinition[];
    };
    collection: CollectionDefinition;
    recordId: string | null;
    method: string;
    query: RawQuery;
    body: unknown;
    bodyProblem: BodyProblem | null;
    contentType: string | undefined;
    session: string;
    listUrl: string;
  }): Promise<MockAnswer>;
  reset(project: { id: string; ownerId: string }, session: string): Promise<void>;
}

export interface MocksRoutesOptions {
  config: Config;
  mocks: MocksService;
  usage: UsageCounter;
  /** Without it, a project's collections answer 404 (the answer worker's tests). */
  collections?: CollectionAnswerer;
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
    description:
      'Routed like a real server: a static segment before a parameter, a trailing slash ignored, `*` for any rest. An unknown path answers 404 naming the closest routes; a path of the project without a route for the method answers 405 with `Allow`; OPTIONS answers the path’s `Allow`. `Prefer: example=NAME` or `Prefer: code=404` picks one of the route’s named responses. Templates read the request: `{{request.params.id}}`, `{{request.query.page}}`, `{{request.headers.x-tenant}}`, `{{request.body.name}}` (JSON bodies up to 64 KiB). With MOCK_WILDCARD_HOST, `https://{slug}.{host}/{path}` is the same call.',
    security: [{}, { mockToken: [] }],
    params: z.object({
      slug: z.string().describe('The project’s slug'),
      '*': z.string().describe('The path after the base URL, e.g. users/42'),
    }),
    querystring: mockQuerySchema,
    response: { ...answers, 403: errorBodySchema },
  },
};

/** A large answer, rendered in a worker: its body as UTF-8 bytes. */
interface LargeAnswer {
  status: number;
  headers: readonly (readonly [string, string])[];
  payload: Buffer | undefined;
}

/**
 * The mock URLs validate nothing with the schemas, which are there to document them: the
 * service checks what it reads (the id's shape, the list query with its own messages), and the
 * hot path pays for no second check. A compiler that returns no validator makes Fastify skip the
 * validation step altogether for these routes.
 */
const documentOnly = (() => undefined) as unknown as FastifySchemaCompiler<unknown>;

export async function mocksRoutes(
  app: FastifyInstance,
  { config, mocks, usage, collections }: MocksRoutesOptions,
) {
  app.decorateRequest('mockApi', null);
  app.decorateRequest('mockParams', null);
  app.decorateRequest('mockCollection', null);
  app.decorateRequest('mockBodyProblem', null);
  const delayed = createDelayedCalls({
    perClient: config.MOCK_MAX_DELAYED_PER_CLIENT,
    total: config.MOCK_MAX_DELAYED,
  });
  const redirect = mockHostRedirect(config);
  const largeBytes = config.MOCK_LARGE_ANSWER_BYTES;
  const budget = createAnswerBudget({
    perApi: config.MOCK_LARGE_ANSWERS_PER_API,
    perOwner: config.MOCK_LARGE_ANSWERS_PER_ACCOUNT,
    total: config.MOCK_LARGE_ANSWERS,
    apiBytesPerMinute: config.MOCK_API_BYTES_PER_MINUTE,
    ownerBytesPerMinute: config.MOCK_ACCOUNT_BYTES_PER_MINUTE,
  });
  const pool = createAnswerPool({
    workers: config.MOCK_ANSWER_WORKERS || undefined,
    maxResponseBytes: config.MOCK_MAX_RESPONSE_BYTES,
  });
  app.addHook('onClose', () => pool.close());

  const pageUrlOf = (request: FastifyRequest) => `${config.mockOrigin}${request.url.split('?')[0]}`;

  // Sends and returns nothing: Fastify would send a returned value a second time.
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    api: MockApi,
    answer: MockAnswer | LargeAnswer,
  ): void => {
    usage.add(api.id);
    reply.code(answer.status);
    if (answer.payload !== undefined) reply.type('application/json; charset=utf-8');
    // The API's own headers come last, so a custom Content-Type (application/hal+json...) wins.
    for (const [name, value] of answer.headers) reply.header(name, value);
    // Compressed only when large and asked for: most answers are small, and wrk asks for none.
    // A large answer varies on Accept-Encoding either way, for the caches in between.
    const { payload } = answer;
    if (payload === undefined || payload.length < COMPRESSION_THRESHOLD) {
      reply.send(payload);
      return;
    }
    // Spelled as @fastify/compress spells it, which then adds it no second time.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    if (request.headers['accept-encoding'] === undefined) reply.send(payload);
    else reply.compress(payload);
  };

  // A callback hook rather than an async one: a cached API (nearly every call) is resolved
  // synchronously, without a promise per request on the hot path.
  const resolve: onRequestHookHandler = (request, _reply, done) => {
    const params = request.params as MockParams;
    try {
      const resolved = mocks.resolve({
        methodSegment: params.method,
        requestId: params.requestId,
        rest: params['*'],
        method: request.method,
        authorization: request.headers.authorization,
      });
      if (!(resolved instanceof Promise)) {
        request.mockApi = resolved;
        done();
        return;
      }
      resolved.then(
        (api) => {
          request.mockApi = api;
          done();
        },
        (error: Error) => done(error),
      );
    } catch (error) {
      done(error as Error);
    }
  };

  // A project's call: its route, from the project's table, then the route's checks.
  const resolveRoute: onRequestHookHandler = (request, reply, done) => {
    const { slug } = request.params as ProjectParams;
    const settle = (route: ResolvedRoute) => {
      if ('project' in route) request.mockCollection = route;
      else if (route.api === null) reply.header('allow', route.allow);
      else request.mockParams = route.params;
      request.mockApi = route.api;
      done();
    };
    try {
      const resolved = mocks.resolveRoute({
        slug,
        path: pathInProject(request),
        method: request.method,
        authorization: request.headers.authorization,
      });
      if (resolved instanceof Promise) resolved.then(settle, (error: Error) => done(error));
      else settle(resolved);
    } catch (error) {
      done(error as Error);
    }
  };

  const preHandler: preHandlerHookHandler[] = limitHooks(app, limitSettings(config).mock);

  /**
   * What a template reads of the request, built only for one that reads it: the route's
   * parameters, the query, the headers and the JSON body (the project scope's parser).
   */
  const contextOf = (request: FastifyRequest, response: MockResponse) =>
    response.compiled.readsRequest
      ? {
          params: request.mockParams ?? {},
          query: request.query as RequestContext['query'],
          headers: readableHeaders(request),
          body: request.body ?? null,
          method: request.method,
          path: pathInProject(request),
        }
      : undefined;

  // Synchronous unless the API has a delay, for the same reason as the hook above.
  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const api = request.mockApi;
    if (request.mockCollection !== null)
      return answerCollection(request, reply, request.mockCollection);
    // An OPTIONS of a project's path: its Allow, set when it was resolved.
    if (api === null) return void reply.code(204).send();
    const response = mocks.choose(api, request.headers);
    // Only a response whose worst-case answer is large takes the budgeted path, off the event loop.
    if (response.compiled.maxBytes >= largeBytes) {
      return answerLarge(request, reply, api, response);
    }
    const answer = mocks.render(
      response,
      request.query as RawQuery,
      () => pageUrlOf(request),
      contextOf(request, response),
    );
    if (response.delay > 0) {
      const release = delayed.admit(request.ip, response.delay);
      return sleep(response.delay)
        .then(() => send(request, reply, api, answer))
        .finally(release);
    }
    send(request, reply, api, answer);
  };

  /**
   * A call to a collection: the session it names, then the collections' answer step (or the
   * reset of the session's state). Sent like any answer, its list headers first.
   */
  const answerCollection = async (
    request: FastifyRequest,
    reply: FastifyReply,
    target: CollectionTarget,
  ) => {
    const query = request.query as RawQuery;
    if (!collections) {
      throw new AppError(ErrorCode.ROUTE_NOT_FOUND, 'Collections are not served here');
    }
    const session = collections.sessionOf(request.headers['x-mock-session'], query);
    const { project, collection } = target;
    if (collection === null) {
      await collections.reset(project, session);
      return void reply.code(204).send();
    }
    const answer = await collections.answer({
      project,
      collection,
      recordId: target.recordId,
      method: request.method,
      query,
      body: request.body,
      bodyProblem: request.mockBodyProblem,
      contentType: request.headers['content-type'],
      session,
      listUrl: `${config.mockOrigin}/p/${project.slug}${collection.path}`,
    });
    reply.code(answer.status);
    if (answer.payload !== undefined) reply.type('application/json; charset=utf-8');
    for (const [name, value] of answer.headers) reply.header(name, value);
    reply.send(request.method === 'HEAD' ? undefined : answer.payload);
  };

  /**
   * A large answer: after its delay, a place among the large answers (429 past the caps or the
   * minute's budget, see answer-budget.ts), held until the answer is sent or the client left;
   * then rendered in a worker (answer-pool.ts), its bytes counted against the API's budget.
   */
  const answerLarge = async (
    request: FastifyRequest,
    reply: FastifyReply,
    api: MockApi,
    response: MockResponse,
  ) => {
    if (response.delay > 0) {
      const release = delayed.admit(request.ip, response.delay);
      await sleep(response.delay).finally(release);
    }
    const release = budget.admit(api.id, api.ownerId);
    // Before the answer is sent, a close is the client leaving: its answer is then not made.
    let gone = false;
    reply.raw.once('close', () => {
      gone = true;
      release();
    });
    const rendered = await pool.render(
      response,
      request.query as RawQuery,
      pageUrlOf(request),
      () => gone,
      contextOf(request, response),
    );
    budget.charge(api.id, api.ownerId, rendered.body.length);
    send(request, reply, api, {
      status: response.httpCode,
      headers:
        rendered.headers.length === 0
          ? response.headerList
          : [...rendered.headers, ...response.headerList],
      payload: response.httpCode === 204 ? undefined : rendered.body,
    });
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
      reply.headers(MOCK_ANSWER_HEADERS);
      const nul = nulInUrl(request.url);
      if (nul) return done(nul);
      if (redirect && !redirect(request, reply)) return;
      done();
    });
    // reply.compress() for the large answers of clients that accept it (see the handler).
    await registerCompression(scope, { onDemand: true });
    // Open CORS: these URLs are called from browser apps on any origin.
    await scope.register(cors, {
      origin: '*',
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: '*',
      maxAge: 86_400,
      strictPreflight: false,
      // A project's OPTIONS goes on to its route, which answers the path's Allow (or 404).
      preflightContinue: kind.project,
    });
    // A request body is never needed and never breaks a call: read it and throw it away; in a
    // project, a JSON body up to MAX_REQUEST_BODY_BYTES is kept for the templates that read it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (request, payload, done) => {
      const keep = kind.project && JSON_TYPE.test(request.headers['content-type'] ?? '');
      const chunks: Buffer[] = [];
      let size = 0;
      payload.on('error', () => {});
      payload.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (keep && size <= MAX_REQUEST_BODY_BYTES) chunks.push(chunk);
      });
      payload.on('end', () => {
        if (!kind.project) return done(null, undefined);
        if (!keep) {
          // A collection refuses it (415); a route's template reads it as null.
          if (size > 0) request.mockBodyProblem = 'not-json';
          return done(null, undefined);
        }
        const read = jsonOf(chunks, size);
        if (read.problem !== null) request.mockBodyProblem = read.problem;
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
  const seed = { methods: ROUTED_METHODS, onRequest: resolve, project: false };
  await app.register(
    mockScope({ ...seed, paths: ['/:method/:requestId', '/:method/:requestId/*'] }),
    { prefix: '/backend/apitemplate' },
  );
  await app.register(mockScope({ ...seed, paths: ['/:requestId', '/:requestId/*'] }), {
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

/**
 * The path of a project's call after its base URL, as sent (still encoded, query kept): from
 * the raw URL rather than the router's decoded `*`, so that `%2F` in a segment stays in it.
 */
function pathInProject(request: FastifyRequest): string {
  const url = request.url;
  const slash = url.indexOf('/', 3);
  const query = url.indexOf('?', 3);
  if (slash === -1 || (query !== -1 && query < slash)) {
    return query === -1 ? '/' : `/${url.slice(query)}`;
  }
  return url.slice(slash);
}

/**
 * The headers a template may read: all but `cookie`. Where the mocks share the site's origin,
 * a browser sends the site's cookies to a mock URL too, and a template that echoed them would
 * put a session where a page could read it; no mock needs them in its body.
 */
function readableHeaders(request: FastifyRequest): FastifyRequest['headers'] {
  if (request.headers.cookie === undefined) return request.headers;
  const { cookie: _cookie, ...rest } = request.headers;
  return rest;
}

/** A kept JSON body: its value (null when it is too large or not JSON), and why not. */
function jsonOf(
  chunks: Buffer[],
  size: number,
): { value: unknown; problem: 'too-large' | 'invalid-json' | null } {
  if (size === 0) return { value: null, problem: null };
  if (size > MAX_REQUEST_BODY_BYTES) return { value: null, problem: 'too-large' };
  try {
    return { value: JSON.parse(Buffer.concat(chunks).toString('utf8')), problem: null };
  } catch {
    return { value: null, problem: 'invalid-json' };
  }
}
