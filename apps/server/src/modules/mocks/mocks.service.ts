/**
 * The rules of the public mock URLs (DESIGN.md §4), without HTTP: resolving a request to an API
 * (404, 405, 401, in this order) and rendering its answer (the list query checked first, then
 * one body generated, sorted and paginated). APIs are read through a small port, from a cache of
 * compiled templates.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  applyParsedListQuery,
  authMessages,
  ErrorCode,
  type JsonValue,
  parseListQuery,
  type RawQuery,
  ResponseTooLargeError,
  type RouteMethod,
} from '@mocksmith/core';
import { galleryMessages } from '@mocksmith/core/gallery';
import { AppError } from '../../lib/errors.ts';
import { isRequestIdShape } from '../../lib/ids.ts';
import { createMockCache, type MockApi, toMockApi } from './mock-cache.ts';

/** What the mock URLs need of a stored API. */
export interface MockApiRecord {
  id: string;
  requestId: string;
  method: RouteMethod;
  customEndpoint: string | null;
  delay: number;
  authToken: string | null;
  httpCode: number;
  customHeaders: { name: string; value: string }[];
  /** The template: JSON text. */
  template: string;
  /** One of ours: the official sample APIs answer with their story (core's sample stories). */
  isOfficial: boolean;
  /** The account that owns it; null (or absent) for an anonymous API. */
  ownerId?: string | null;
  /** Disabled by a moderator: its URLs answer 403. */
  disabled: boolean;
  /** Its owner is banned: its URLs answer 403 with the suspended text. */
  ownerBanned: boolean;
}

/** Where the mock URLs read APIs and write their call counts (the APIs' storage). */
export interface MockApiSource {
  findMockApi(requestId: string): Promise<MockApiRecord | null>;
}

/** A request to a mock URL, as the rules need it. */
export interface MockRequest {
  /** The method segment of `/backend/apitemplate/{method}/...`; absent in `/api/{id}`. */
  methodSegment?: string;
  requestId: string;
  /** What follows the id in the URL (a custom endpoint), without its leading slash. */
  rest?: string;
  /** The request's HTTP method. */
  method: string;
  /** The Authorization header, if any. */
  authorization?: string;
}

/** What a mock URL answers: status, headers and serialised body (none for 204). */
export interface MockAnswer {
  status: number;
  /** The list headers (`X-Total-Count`, `Link`) then the API's own, in sending order. */
  headers: readonly (readonly [string, string])[];
  payload: string | undefined;
}

const URL_METHODS = new Set(['get', 'post', 'put', 'delete']);
const LIST_PARAMETERS = new Set(['sort', 'order', 'page', 'limit']);

function apiNotFound(requestId: string): AppError {
  return new AppError(ErrorCode.API_NOT_FOUND, `No mock API has the id "${requestId}"`);
}

/**
 * Whether the Authorization header carries the API's token. Compared as SHA-256 digests, in
 * constant time: digests are of one length, so not even the token's length shows in the timing.
 */
function hasBearer(header: string | undefined, token: string): boolean {
  // The scheme's name is case-insensitive (RFC 9110 section 11.1): `bearer`, `BEARER` alike.
  if (header === undefined || header.slice(0, 7).toLowerCase() !== 'bearer ') return false;
  const given = createHash('sha256').update(header.slice(7).trim()).digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected);
}

/**
 * The checks that need the API: stopped by a moderator (403: its owner banned, or itself
 * disabled), then endpoint (404), method (405), token (401).
 */
function check(request: MockRequest, api: MockApi | null): MockApi {
  if (!api) throw apiNotFound(request.requestId);
  // One test on the hot path: nearly every API is stopped by nobody.
  if (api.stopped !== null) {
    throw api.stopped === 'owner-banned'
      ? new AppError(ErrorCode.ACCOUNT_BANNED, authMessages.suspended)
      : new AppError(ErrorCode.FORBIDDEN, galleryMessages.apiDisabled);
  }
  const rest = request.rest;
  if (rest !== undefined && rest !== '' && !api.matchesEndpoint?.(`/${rest.replace(/\/+$/, '')}`)) {
    throw new AppError(
      ErrorCode.ENDPOINT_NOT_FOUND,
      `Mock API "${api.requestId}" has no endpoint "/${rest}"${api.customEndpoint ? `; its endpoint is "${api.customEndpoint}"` : ''}`,
    );
  }
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (method !== api.method) {
    throw new AppError(
      ErrorCode.METHOD_NOT_ALLOWED,
      `This mock API answers ${api.method} requests, not ${request.method}`,
      {
        headers: { Allow: api.method === 'GET' ? 'GET, HEAD, OPTIONS' : `${api.method}, OPTIONS` },
      },
    );
  }
  if (api.authToken !== null && !hasBearer(request.authorization, api.authToken)) {
    const given = request.authorization !== undefined;
    throw new AppError(
      ErrorCode.UNAUTHORIZED,
      given
        ? 'The bearer token is wrong for this mock API'
        : 'This mock API requires an Authorization: Bearer header with its token',
      {
        headers: {
          'WWW-Authenticate': given
            ? 'Bearer realm="mocksmith", error="invalid_token"'
            : 'Bearer realm="mocksmith"',
        },
      },
    );
  }
  return api;
}

function hasListQuery(query: RawQuery): boolean {
  for (const key in query) if (LIST_PARAMETERS.has(key)) return true;
  return false;
}

/** One body of the API; one saved before the size limit stops past it (500 saying why). */
function generate(api: MockApi, seed: string | undefined): JsonValue {
  try {
    return api.compiled.generate(seed === undefined ? {} : { seed });
  } catch (error) {
    if (!(error instanceof ResponseTooLargeError)) throw error;
    // The template passed its check when saved; a live answer past the limit is our failure.
    throw new AppError(error.code, error.message, { status: 500 });
  }
}

export interface MocksServiceDeps {
  source: MockApiSource;
  /** The largest answer (MOCK_MAX_RESPONSE_BYTES); core's default if unset. */
  maxResponseBytes?: number;
}

export function createMocksService({ source, maxResponseBytes }: MocksServiceDeps) {
  const cache = createMockCache(async (requestId) => {
    const record = await source.findMockApi(requestId);
    return record ? toMockApi(record, maxResponseBytes) : null;
  });

  return {
    /**
     * The API a request names, checked in the spec's order: an unknown method segment, id or
     * endpoint 404, another method 405 (with Allow), a missing or wrong token 401 (with
     * WWW-Authenticate). Synchronous for a cached API (nearly every call), a promise otherwise.
     * Throws (or rejects with) the AppError of the answer.
     */
    resolve(request: MockRequest): MockApi | Promise<MockApi> {
      const { methodSegment, requestId } = request;
      if (methodSegment !== undefined && !URL_METHODS.has(methodSegment.toLowerCase())) {
        throw new AppError(
          ErrorCode.API_NOT_FOUND,
          `Unknown method "${methodSegment}" in the URL: use get, post, put or delete`,
        );
      }
      // An id no API can have costs no lookup, and takes no place in the cache.
      if (!isRequestIdShape(requestId)) throw apiNotFound(requestId);
      const cached = cache.get(requestId);
      return cached instanceof Promise
        ? cached.then((api) => check(request, api))
        : check(request, cached);
    },

    /**
     * The answer of a resolved API to a query: its status, the list headers and its own, and
     * the body. A bad list parameter is a 400 before any body is generated; a template with
     * only literals answers its one body, serialised once.
     * @param pageUrl the URL of this page without its query, for the `Link` header.
     */
    render(api: MockApi, query: RawQuery, pageUrl: () => string): MockAnswer {
      const own = api.headerList;
      if (api.staticBody !== null && !hasListQuery(query)) {
        return {
          status: api.httpCode,
          headers: own,
          payload: api.httpCode === 204 ? undefined : api.staticBody,
        };
      }
      const parsed = parseListQuery(query);
      if (!parsed.ok) throw new AppError(parsed.error.code, parsed.error.message);
      const seed = query.seed;
      const body = generate(api, typeof seed === 'string' ? seed : seed?.[0]);
      // The whole query goes on to the Link header, so following `next` keeps the seed.
      const listed = applyParsedListQuery(body, parsed.value, { path: pageUrl(), query });
      const listHeaders = Object.entries(listed.headers);
      return {
        status: api.httpCode,
        headers: listHeaders.length === 0 ? own : [...listHeaders, ...own],
        // A 204 has no body: generated all the same, so its headers are those of the others.
        payload: api.httpCode === 204 ? undefined : JSON.stringify(listed.body),
      };
    },

    /**
     * Reads one API again (it was created, changed or deleted), settling once the new copy
     * answers; null forgets every API (changes may have gone unheard).
     */
    invalidate(requestId: string | null): Promise<void> {
      if (requestId !== null) return cache.invalidate(requestId);
      cache.clear();
      return Promise.resolve();
    },
  };
}

export type MocksService = ReturnType<typeof createMocksService>;
