/**
 * The rules of the public mock URLs (DESIGN.md §4), without HTTP: resolving a request to an API
 * (404, 405, 401, in this order) and rendering its answer (the list query checked first, then
 * one body generated, sorted and paginated). APIs are read through a small port, from a cache of
 * compiled templates.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { authMessages, ErrorCode, type RawQuery, type RouteMethod } from '@mocksmith/core';
import {
  type CollectionDefinition,
  nestedLists,
  type Reference,
} from '@mocksmith/core/collections';
import { galleryMessages } from '@mocksmith/core/gallery';
import { isApiKeyShaped } from '@mocksmith/core/keys';
import type { NetworkProfile } from '@mocksmith/core/network';
import {
  PROJECT_KEY_PREFIX,
  type ResponseMode,
  type RouteResponse,
  type RouteRule,
  type RuleRequest,
  SLUG_PATTERN,
} from '@mocksmith/core/projects';
import {
  choose as chooseResponseOf,
  compileRouteTable,
  type Chosen as EngineChosen,
  type MockAnswer,
  projectNotFound,
  type RouteTable,
  resolve,
  routeNotFound,
} from '@mocksmith/engine';
import { AppError } from '../../lib/errors.ts';
import { isRequestIdShape } from '../../lib/ids.ts';
import { createMockCache, type MockApi, type MockResponse, toMockApi } from './mock-cache.ts';

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
  /** A route's named responses (its default mirrored in the fields above); none when it stands alone. */
  responses?: RouteResponse[];
  responseMode?: ResponseMode;
  /** The project it is a route of, or null. */
  projectId?: string | null;
  /** That project's slug (read with the route), or null. */
  projectSlug?: string | null;
  /** A route's rules, in order (none for a stand-alone API). */
  rules?: RouteRule[];
  /** A route's own network profile, or null. */
  network?: NetworkProfile | null;
  /** Whether callers may override its answer; true unless its owner turned it off. */
  overrides?: boolean;
  /** Its path template when it is a route. */
  routePath?: string | null;
}

/** A project's settings the mock URLs read (project.settings). */
export interface MockProjectSettings {
  /** Callers may override answers (`?__status`, `?__delay`, `Prefer`); true unless turned off. */
  overrides?: boolean;
  /** The network profile of every route without one of its own, and of the collections. */
  network?: NetworkProfile | null;
  /** Delays and faults drawn from the project's seed and a call counter (reset by __reset). */
  replay?: boolean;
  /** The request inspector logs its calls; true unless turned off. */
  logging?: boolean;
  /** The bearer token its collections and its `__reset` require, or null (open). */
  authToken?: string | null;
}

/** A project as the mock URLs need it: its routes' places, not their templates; its collections. */
export interface MockProjectRecord {
  id: string;
  slug: string;
  name: string;
  ownerId: string;
  seed: number;
  ownerBanned: boolean;
  routes: { requestId: string; method: RouteMethod; routePath: string | null }[];
  collections: CollectionDefinition[];
  settings?: MockProjectSettings;
}

/**
 * What a place of a project's route table answers: a route (its request id) or a collection (its
 * list, one of its records, or its records of another's record: `parent`).
 */
export type RouteTarget =
  | string
  | {
      collection: CollectionDefinition;
      item: boolean;
      parent?: { collection: CollectionDefinition; reference: Reference };
    };

/** A project compiled for the mock URLs: its route table, and what its collections need. */
export interface MockProject {
  id: string;
  slug: string;
  name: string;
  ownerId: string;
  seed: number;
  collections: readonly CollectionDefinition[];
  settings: MockProjectSettings;
  stopped: 'owner-banned' | null;
  table: RouteTable<RouteTarget>;
}

/** Where the mock URLs read APIs and write their call counts (the APIs' storage). */
export interface MockApiSource {
  findMockApi(requestId: string): Promise<MockApiRecord | null>;
}

/** Where the mock URLs read projects. */
export interface MockProjectSource {
  findMockProject(slug: string): Promise<MockProjectRecord | null>;
}

/** A call to a project's base URL, as the rules need it. */
export interface ProjectRequest {
  slug: string;
  /** The path after the base URL (`/users/42`), query allowed. */
  path: string;
  method: string;
  authorization?: string;
}

/**
 * Who calls a collection (or a reset), as its Authorization header says: the owner (a token of
 * the project or of the collection), anyone (an open collection), or a personal API key still to
 * be checked: the owner's acts as the owner, any other as anyone, refused with `refusal` when a
 * token is required.
 */
export type CollectionAccess =
  | { kind: 'owner' }
  | { kind: 'anyone' }
  | { kind: 'key'; key: string; refusal: AppError | null };

/**
 * A call resolved to a route: its API, and the path parameters as the route declares them; or,
 * for an OPTIONS of a path the project has, the methods to answer in `Allow`.
 */
export type ResolvedRoute =
  | { api: MockApi; params: Record<string, string | number | boolean>; project: MockProject }
  | { api: null; allow: string }
  | {
      api: null;
      project: MockProject;
      /** The collection called, or null for `POST {base}/__reset`. */
      collection: CollectionDefinition | null;
      /** The id of `{path}/{id}` as sent, or null for the list. */
      recordId: string | null;
      access: CollectionAccess;
      /** A nested list (`/users/{id}/orders`): the parent's collection, the id as sent. */
      parent: { collection: CollectionDefinition; id: string; reference: Reference } | null;
    };

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

/** The response that answers a call, at what status, and the rule that picked it (the engine's). */
export type Chosen = EngineChosen<MockResponse>;

export type { MockAnswer };

// PATCH for a route's seed URL (stand-alone APIs answer the other four).
const URL_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

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
/**
 * The API each refusal came after, once the API was found (another endpoint or method, a
 * missing or wrong token): such a call is the API's, for its inspector and analytics.
 */
const refusedApis = new WeakMap<Error, MockApi>();
function refusal(api: MockApi, error: AppError): AppError {
  refusedApis.set(error, api);
  return error;
}

function check(request: MockRequest, api: MockApi | null): MockApi {
  if (!api) throw apiNotFound(request.requestId);
  // One test on the hot path: nearly every API is stopped by nobody.
  if (api.stopped !== null) checkStopped(api);
  const rest = request.rest;
  if (rest !== undefined && rest !== '' && !api.matchesEndpoint?.(`/${rest.replace(/\/+$/, '')}`)) {
    throw refusal(
      api,
      new AppError(
        ErrorCode.ENDPOINT_NOT_FOUND,
        `Mock API "${api.requestId}" has no endpoint "/${rest}"${api.customEndpoint ? `; its endpoint is "${api.customEndpoint}"` : ''}`,
      ),
    );
  }
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (method !== api.method) {
    throw refusal(
      api,
      new AppError(
        ErrorCode.METHOD_NOT_ALLOWED,
        `This mock API answers ${api.method} requests, not ${request.method}`,
        {
          headers: {
            Allow: api.method === 'GET' ? 'GET, HEAD, OPTIONS' : `${api.method}, OPTIONS`,
          },
        },
      ),
    );
  }
  return checkToken(api, request.authorization);
}

/** Stopped by a moderator: 403 (owner banned, or the API disabled). */
function checkStopped(api: MockApi): void {
  if (api.stopped !== null) {
    throw api.stopped === 'owner-banned'
      ? new AppError(ErrorCode.ACCOUNT_BANNED, authMessages.suspended)
      : new AppError(ErrorCode.FORBIDDEN, galleryMessages.apiDisabled);
  }
}

/** A missing or wrong bearer token of a protected API: 401 with WWW-Authenticate. */
function checkToken(api: MockApi, authorization: string | undefined): MockApi {
  if (api.authToken !== null && !hasBearer(authorization, api.authToken)) {
    const given = authorization !== undefined;
    throw refusal(
      api,
      new AppError(
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
      ),
    );
  }
  return api;
}

const OWNER: CollectionAccess = { kind: 'owner' };
const ANYONE: CollectionAccess = { kind: 'anyone' };

/** The bearer credential of an Authorization header (any letter case of the scheme), or null. */
function bearerOf(header: string | undefined): string | null {
  if (header === undefined || header.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  return header.slice(7).trim();
}

/** A 401 of a collection or a reset, with WWW-Authenticate, in `what`'s words. */
function tokenRequired(given: boolean, what: string, which: string): AppError {
  return new AppError(
    ErrorCode.UNAUTHORIZED,
    given
      ? `The bearer token is wrong for ${what}: send ${which} (Authorization: Bearer)`
      : `${what[0]?.toUpperCase()}${what.slice(1)} requires an Authorization: Bearer header with ${which}`,
    {
      headers: {
        'WWW-Authenticate': given
          ? 'Bearer realm="mocksmith", error="invalid_token"'
          : 'Bearer realm="mocksmith"',
      },
    },
  );
}

/**
 * Who calls a collection: the tokens it takes are its own and the project's (either admits the
 * call, as the owner's); with none, it is open to anyone. A personal API key is left to check.
 */
function collectionAccess(
  project: MockProject,
  collection: CollectionDefinition,
  authorization: string | undefined,
): CollectionAccess {
  const own = collection.authToken ?? null;
  const projects = project.settings.authToken ?? null;
  const given = bearerOf(authorization);
  if (given === null && own === null && projects === null) return ANYONE;
  if (
    (own !== null && hasBearer(authorization, own)) ||
    (projects !== null && hasBearer(authorization, projects))
  ) {
    return OWNER;
  }
  const refusal =
    own === null && projects === null
      ? null
      : tokenRequired(
          given !== null,
          `collection ${collection.name}`,
          own === null
            ? 'the project’s token'
            : projects === null
              ? 'its token'
              : 'its token or the project’s',
        );
  if (given !== null && isApiKeyShaped(given)) return { kind: 'key', key: given, refusal };
  if (refusal) throw refusal;
  return ANYONE;
}

/**
 * The access of a call that needs two places' (a nested list: its collection's and its parent's;
 * a missing token of either has already thrown): an API key still to check against either's
 * refusal keeps that refusal, else the first's.
 */
function stricter(first: CollectionAccess, second: CollectionAccess | undefined): CollectionAccess {
  if (second === undefined || (first.kind === 'key' && first.refusal)) return first;
  return second.kind === 'key' && second.refusal ? second : first;
}

/**
 * Who resets a project's state: a reset changes every collection of a session, so it needs the
 * project's token when the project has one, else the token its collections' own tokens share
 * (collections with different tokens of their own and no project token: only the owner's API key
 * or the dashboard resets them). With no token anywhere it is open to anyone.
 */
function resetAccess(project: MockProject, authorization: string | undefined): CollectionAccess {
  const projects = project.settings.authToken ?? null;
  const required =
    projects !== null
      ? [projects]
      : [...new Set(project.collections.flatMap((c) => (c.authToken ? [c.authToken] : [])))];
  const given = bearerOf(authorization);
  if (required.length === 0) {
    return given !== null && isApiKeyShaped(given)
      ? { kind: 'key', key: given, refusal: null }
      : ANYONE;
  }
  if (required.length === 1 && hasBearer(authorization, required[0] as string)) return OWNER;
  const refusal = tokenRequired(
    given !== null,
    'the reset of this project',
    projects !== null
      ? 'the project’s token'
      : required.length === 1
        ? 'the token of its collections'
        : 'a token set on the project (its collections have different tokens of their own), or reset from the dashboard',
  );
  if (given !== null && isApiKeyShaped(given)) return { kind: 'key', key: given, refusal };
  throw refusal;
}

export interface MocksServiceDeps {
  source: MockApiSource;
  /** Where projects are read; without it, no project resolves (the answer worker's service). */
  projects?: MockProjectSource;
  /** The largest answer (MOCK_MAX_RESPONSE_BYTES); core's default if unset. */
  maxResponseBytes?: number;
}

/** A project read for the mock URLs, compiled: its route table maps calls to request ids. */
function toMockProject(record: MockProjectRecord): MockProject {
  const routes: { method: RouteMethod; path: string; value: RouteTarget }[] = record.routes.flatMap(
    (route) =>
      route.routePath === null
        ? []
        : [{ method: route.method, path: route.routePath, value: route.requestId }],
  );
  // A collection answers at its path (list, add) and at `{path}/{id}` (one record).
  for (const collection of record.collections) {
    const list = { collection, item: false };
    const item = { collection, item: true };
    routes.push({ method: 'GET', path: collection.path, value: list });
    routes.push({ method: 'POST', path: collection.path, value: list });
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      routes.push({ method, path: `${collection.path}/{id}`, value: item });
    }
  }
  // json-server's nested lists: after every route and collection place, so that one of those
  // at the same place keeps it (the table leaves out a place already taken).
  for (const { parent, child, reference } of nestedLists(record.collections)) {
    const value = { collection: child, item: false, parent: { collection: parent, reference } };
    const path = `${parent.path}/{id}/${child.name}`;
    routes.push({ method: 'GET', path, value }, { method: 'POST', path, value });
  }
  return {
    id: record.id,
    slug: record.slug,
    name: record.name,
    ownerId: record.ownerId,
    seed: record.seed,
    collections: record.collections,
    settings: record.settings ?? {},
    stopped: record.ownerBanned ? 'owner-banned' : null,
    table: compileRouteTable(routes),
  };
}

export function createMocksService({ source, projects, maxResponseBytes }: MocksServiceDeps) {
  const cache = createMockCache(async (requestId) => {
    const record = await source.findMockApi(requestId);
    return record ? toMockApi(record, maxResponseBytes) : null;
  });
  /**
   * Route tables by slug: light (places and request ids), since each route's compiled API is
   * the API cache's, read on its first call and dropped by its own announcement. So an edit
   * recompiles one route, and the table only when the project changed.
   */
  const tables = createMockCache<MockProject>(
    async (slug) => {
      const record = projects ? await projects.findMockProject(slug) : null;
      if (!record) return null;
      for (const route of record.routes) projectOfRoute.set(route.requestId, slug);
      return toMockProject(record);
    },
    { maxEntries: 5_000 },
  );
  // Which project a cached route's request id belongs to: a ban or a disabled API is announced
  // by request id, and the project's table then goes too (it says whether the owner is banned).
  const projectOfRoute = new Map<string, string>();
  // The next call number of each route with sequential rotation (per node).
  const turns = new Map<string, number>();

  const toRoute = (
    api: MockApi | null,
    project: MockProject,
    request: ProjectRequest,
    params: Record<string, string | number | boolean>,
  ): ResolvedRoute => {
    // Deleted since the table was read: the table's own announcement is on its way.
    if (!api) throw routeNotFound(project, request.method, request.path);
    if (api.stopped !== null) checkStopped(api);
    return { api: checkToken(api, request.authorization), params, project };
  };

  const routeOf = (
    request: ProjectRequest,
    project: MockProject | null,
  ): ResolvedRoute | Promise<ResolvedRoute> => {
    const match = resolve(project, request.slug, request.method, request.path);
    // resolve threw for no project: it is one from here on.
    const found = project as MockProject;
    if (match.kind === 'reset') {
      return {
        api: null,
        project: found,
        collection: null,
        recordId: null,
        access: resetAccess(found, request.authorization),
        parent: null,
      };
    }
    if (match.kind === 'method') return { api: null, allow: match.allow };
    const target = match.route.value;
    if (typeof target !== 'string') {
      return {
        api: null,
        project: found,
        collection: target.collection,
        recordId: target.item ? String(match.params.id) : null,
        // A nested list reads its parent record too: it needs what both places need.
        access: stricter(
          collectionAccess(found, target.collection, request.authorization),
          target.parent && collectionAccess(found, target.parent.collection, request.authorization),
        ),
        parent: target.parent ? { ...target.parent, id: String(match.params.id) } : null,
      };
    }
    const cached = cache.get(target);
    return cached instanceof Promise
      ? cached.then((api) => toRoute(api, found, request, match.params))
      : toRoute(cached, found, request, match.params);
  };

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

    /** The API a refusal of `resolve` came after, once it was found; else null. */
    refusedApi(error: Error): MockApi | null {
      return refusedApis.get(error) ?? null;
    },

    /**
     * The project of a route called at its own URL (`/api/{requestId}`...), so that the call is
     * answered and logged as at the project's base URL (its settings, network profile, log);
     * null for a stand-alone API. Synchronous when this node holds the project (nearly always).
     */
    projectOf(api: MockApi): MockProject | null | Promise<MockProject | null> {
      if (api.projectSlug === null) return null;
      const held = tables.get(api.projectSlug);
      return held instanceof Promise
        ? held.then((project) => ifProjectOf(api, project))
        : ifProjectOf(api, held);
    },

    /** As `projectOf`, if this node holds the project now, else null (never reads it). */
    heldProjectOf(api: MockApi): MockProject | null {
      if (api.projectSlug === null) return null;
      return ifProjectOf(api, tables.peek(api.projectSlug) ?? null);
    },

    /** The project of a slug if this node holds it now, else null (never reads it). */
    cachedProject(slug: string): MockProject | null {
      if (!SLUG_PATTERN.test(slug)) return null;
      const cached = tables.peek(slug);
      return cached ?? null;
    },

    /**
     * The route a call to a project's base URL names, checked in order: unknown project 404,
     * owner banned 403, unknown path 404 (naming the closest routes), another method 405 (with
     * Allow; for OPTIONS, the Allow to answer), route disabled 403, token 401. Synchronous when
     * the table and the route are cached (nearly every call), a promise otherwise.
     */
    resolveRoute(request: ProjectRequest): ResolvedRoute | Promise<ResolvedRoute> {
      // A slug no project can have costs no lookup.
      if (!SLUG_PATTERN.test(request.slug)) throw projectNotFound(request.slug);
      const cached = tables.get(request.slug);
      return cached instanceof Promise
        ? cached.then((project) => routeOf(request, project))
        : routeOf(request, cached);
    },

    /**
     * The response that answers (core's choice: Prefer, header conditions, rotation, default),
     * or a 400 naming the responses when the caller asked for one the route lacks. A stand-alone
     * API has one response and reads no Prefer header, as before projects.
     */
    choose(
      api: MockApi,
      headers: Record<string, string | string[] | undefined>,
      query: RawQuery,
      project: MockProject | null,
      rules: (() => RuleRequest) | null,
    ): Chosen {
      return chooseResponseOf(
        api,
        headers,
        query,
        api.overrides && project?.settings.overrides !== false,
        rules,
        turns,
      );
    },

    /**
     * Reads one API again (it was created, changed or deleted), or a project's route table
     * (`p:{slug}`), settling once the new copy answers; null forgets everything (changes may
     * have gone unheard). A route's announcement drops its project's table too, so that a ban
     * or a disabled route reaches the project's URLs.
     */
    invalidate(key: string | null): Promise<void> {
      if (key === null) {
        cache.clear();
        tables.clear();
        projectOfRoute.clear();
        turns.clear();
        return Promise.resolve();
      }
      if (key.startsWith(PROJECT_KEY_PREFIX)) {
        return tables.invalidate(key.slice(PROJECT_KEY_PREFIX.length));
      }
      const slug = projectOfRoute.get(key);
      if (slug === undefined) return cache.invalidate(key);
      return Promise.all([cache.invalidate(key), tables.invalidate(slug)]).then(() => {});
    },
  };
}

/**
 * The project read for a route's slug if it is still the route's (a slug changed since the
 * route was read announces the route again, so this holds but for a moment).
 */
function ifProjectOf(api: MockApi, project: MockProject | null): MockProject | null {
  return project !== null && project.id === api.projectId ? project : null;
}

export type MocksService = ReturnType<typeof createMocksService>;
