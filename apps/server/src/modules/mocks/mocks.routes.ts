/**
 * The public mock endpoints (DESIGN.md §4). Checks run in this order: unknown id or endpoint
 * 404, wrong method 405, missing or wrong bearer token 401, over the rate limit 429; then the
 * delay, and the API's status, headers and generated body.
 */
import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import cors from '@fastify/cors';
import { applyListQuery, type RawQuery, ResponseTooLargeError } from '@mocksmith/core';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { isRequestIdShape } from '../../lib/ids.ts';
import { limitKey } from '../../lib/rate-limit.ts';
import type { MockApi, MockCache } from './mock-cache.ts';
import { MOCK_ANSWER_HEADERS } from './mock-headers.ts';
import type { UsageCounter } from './usage-counter.ts';

declare module 'fastify' {
  interface FastifyRequest {
    mockApi: MockApi | null;
  }
}

export interface MocksRoutesOptions {
  config: Config;
  cache: MockCache;
  usage: UsageCounter;
}

const URL_METHODS = new Set(['get', 'post', 'put', 'delete']);
/** Methods routed to the mock handler; anything but the API's own gets a 405. */
const ROUTED_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

interface MockParams {
  method?: string;
  requestId: string;
  '*'?: string;
}

export async function mocksRoutes(
  app: FastifyInstance,
  { config, cache, usage }: MocksRoutesOptions,
) {
  app.decorateRequest('mockApi', null);

  /** The checks that need the API: endpoint, method and token. Throws the answer's AppError. */
  const check = (request: FastifyRequest, api: MockApi | null, params: MockParams): MockApi => {
    if (!api) throw apiNotFound(params.requestId);
    const rest = params['*'];
    if (
      rest !== undefined &&
      rest !== '' &&
      `/${rest.replace(/\/+$/, '')}` !== api.customEndpoint
    ) {
      throw new AppError(
        404,
        'ENDPOINT_NOT_FOUND',
        `Mock API "${api.requestId}" has no endpoint "/${rest}"${api.customEndpoint ? `; its endpoint is "${api.customEndpoint}"` : ''}`,
      );
    }
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (method !== api.method) {
      const allow = api.method === 'GET' ? 'GET, HEAD, OPTIONS' : `${api.method}, OPTIONS`;
      throw new AppError(
        405,
        'METHOD_NOT_ALLOWED',
        `This mock API answers ${api.method} requests, not ${request.method}`,
        undefined,
        { Allow: allow },
      );
    }
    if (api.authToken !== null && !hasBearer(request, api.authToken)) {
      const given = request.headers.authorization !== undefined;
      throw new AppError(
        401,
        'UNAUTHORIZED',
        given
          ? 'The bearer token is wrong for this mock API'
          : 'This mock API requires an Authorization: Bearer header with its token',
        undefined,
        {
          'WWW-Authenticate': given
            ? 'Bearer realm="mocksmith", error="invalid_token"'
            : 'Bearer realm="mocksmith"',
        },
      );
    }
    return api;
  };

  // A callback hook rather than an async one: a cached API (nearly every call) is checked
  // synchronously, without a promise per request on the hot path.
  const resolve: onRequestHookHandler = (request, _reply, done) => {
    const params = request.params as MockParams;
    try {
      if (params.method !== undefined && !URL_METHODS.has(params.method.toLowerCase())) {
        throw new AppError(
          404,
          'API_NOT_FOUND',
          `Unknown method "${params.method}" in the URL: use get, post, put or delete`,
        );
      }
      // An id no API can have costs no lookup, and takes no place in the cache.
      if (!isRequestIdShape(params.requestId)) throw apiNotFound(params.requestId);
      const cached = cache.get(params.requestId);
      if (!(cached instanceof Promise)) {
        request.mockApi = check(request, cached, params);
        done();
        return;
      }
      cached.then(
        (api) => {
          try {
            request.mockApi = check(request, api, params);
            done();
          } catch (error) {
            done(error as Error);
          }
        },
        (error: Error) => done(error),
      );
    } catch (error) {
      done(error as Error);
    }
  };

  const preHandler: preHandlerHookHandler[] = [];
  if (config.MOCK_RATE_LIMIT > 0) {
    preHandler.push(
      app.rateLimit({
        max: config.MOCK_RATE_LIMIT,
        timeWindow: config.MOCK_RATE_WINDOW_S * 1000,
        // A counter of its own: the plugin keys counters by this key alone.
        keyGenerator: (request) => limitKey('mock', request.ip),
      }),
    );
  }

  // Synchronous unless the API has a delay, for the same reason as the hook above.
  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const api = request.mockApi as MockApi;
    const query = request.query as RawQuery;
    const { seed, ...listQuery } = query;
    const seedValue = typeof seed === 'string' ? seed : seed?.[0];

    let payload: string;
    let headers: Record<string, string> = {};
    if (api.staticBody !== null && !hasListQuery(listQuery)) {
      payload = api.staticBody;
    } else {
      const body = generate(api, seedValue);
      const origin = config.mockOrigin ?? `${request.protocol}://${request.host}`;
      // The whole query goes on to the Link header, so following `next` keeps the seed.
      const listed = applyListQuery(body, query, `${origin}${request.url.split('?')[0]}`);
      if (!listed.ok) throw new AppError(400, listed.error.code, listed.error.message);
      payload = JSON.stringify(listed.value.body);
      headers = listed.value.headers;
    }

    // Sends and returns nothing: Fastify would send a returned value a second time.
    const answer = (): void => {
      usage.add(api.id);
      reply.code(api.httpCode);
      if (api.httpCode !== 204) reply.type('application/json; charset=utf-8');
      for (const [name, value] of Object.entries(headers)) reply.header(name, value);
      // The API's own headers come last, so a custom Content-Type (application/hal+json...) wins.
      for (const { name, value } of api.headers) reply.header(name, value);
      if (api.httpCode === 204) {
        reply.send();
        return;
      }
      reply.send(payload);
    };
    if (api.delay > 0) return sleep(api.delay).then(answer);
    answer();
  };

  // Not helmet's headers, which are the app's: these answers carry the sandbox of mock-headers.ts.
  const routeOptions = {
    onRequest: resolve,
    preHandler,
    handler,
    helmet: false as const,
    config: { mock: true },
  };
  const mockScope = (paths: string[]) => async (mocks: FastifyInstance) => {
    // First of all, so that every answer of these URLs is sandboxed: errors and preflights too.
    mocks.addHook('onRequest', (_request, reply, done) => {
      reply.headers(MOCK_ANSWER_HEADERS);
      done();
    });
    // Open CORS: these URLs are called from browser apps on any origin.
    await mocks.register(cors, {
      origin: '*',
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      exposedHeaders: '*',
      maxAge: 86_400,
      strictPreflight: false,
    });
    // A request body is never needed and never breaks a call: read it and throw it away.
    mocks.removeAllContentTypeParsers();
    mocks.addContentTypeParser('*', (_request, payload, done) => {
      payload.on('error', () => {});
      payload.on('end', () => done(null, undefined));
      payload.resume();
    });
    for (const url of paths) mocks.route({ method: ROUTED_METHODS, url, ...routeOptions });
  };
  await app.register(mockScope(['/:method/:requestId', '/:method/:requestId/*']), {
    prefix: '/backend/apitemplate',
  });
  await app.register(mockScope(['/:requestId', '/:requestId/*']), { prefix: '/api' });
}

/**
 * One body of the API. A template saved before the size limit whose body grows past it stops
 * generating there, and the caller gets a 500 that says why (the owner must change it).
 */
function generate(api: MockApi, seed: string | undefined) {
  try {
    return api.compiled.generate(seed === undefined ? {} : { seed });
  } catch (error) {
    if (!(error instanceof ResponseTooLargeError)) throw error;
    throw new AppError(500, error.code, error.message);
  }
}

function apiNotFound(requestId: string): AppError {
  return new AppError(404, 'API_NOT_FOUND', `No mock API has the id "${requestId}"`);
}

function hasListQuery(query: RawQuery): boolean {
  for (const key in query)
    if (key === 'sort' || key === 'order' || key === 'page' || key === 'limit') return true;
  return false;
}

function hasBearer(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
