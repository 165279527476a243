import { ErrorCode, type RouteMethod } from '@mocksmith/core';
import type { CollectionDefinition, Reference } from '@mocksmith/core/collections';
import type { NetworkProfile } from '@mocksmith/core/network';
import {
  PROJECT_KEY_PREFIX,
  type ResponseMode,
  type RouteResponse,
  type RouteRule,
  SLUG_PATTERN,
  type SpecResponse,
} from '@mocksmith/core/projects';
import {
  admitStopped,
  admitToken,
  type CollectionAccess,
  type CollectionPlace,
  collectionTarget,
  compileProjectTable,
  compileSpecResponses,
  type Engine,
  type Chosen as EngineChosen,
  type ForwardSettings,
  type MockAnswer,
  projectNotFound,
  type RouteTable,
  resetTarget,
  resolve,
  routeNotFound,
  type SpecResponses,
} from '@mocksmith/engine';

export type { CollectionAccess };

import type { RequestContract } from '@mocksmith/core/openapi';
import type { ValidationMode } from '@mocksmith/core/projects';
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
  /** What its OpenAPI operation asks of a request, when it was imported from a spec. */
  request?: RequestContract | null;
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
  /** Calls checked against the spec its routes were imported from: off, report or enforce. */
  validation?: ValidationMode;
  /** Where the calls no route or collection answers are forwarded, or null (issue 40). */
  proxy?: ForwardSettings | null;
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
  /** What its spec says each operation answers (drift), or null/absent: imported from no spec. */
  specResponses?: SpecResponse[] | null;
}

/**
 * What a place of a project's route table answers: a route (its request id) or a collection (its
 * list, one of its records, or its records of another's record: `parent`).
 */
export type RouteTarget = string | CollectionPlace;

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
  /** What its spec says each operation answers, when it has a spec and a proxy; else null. */
  specResponses: SpecResponses | null;
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
}

/** The response that answers a call, at what status, and the rule that picked it (the engine's). */
export type Chosen = EngineChosen<MockResponse>;

export type { MockAnswer };

// PATCH for a route's stand-alone URL (stand-alone APIs answer the other four).
const URL_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

/** The API of a stand-alone URL, found and not stopped by a moderator. */
function found(request: MockRequest, api: MockApi | null): MockApi {
  if (!api) throw apiNotFound(request.requestId);
  // One test on the hot path: nearly every API is stopped by nobody.
  if (api.stopped !== null) admitStopped(api);
  return api;
}

function apiNotFound(requestId: string): AppError {
  return new AppError(ErrorCode.API_NOT_FOUND, `No mock API has the id "${requestId}"`);
}

export interface MocksServiceDeps {
  source: MockApiSource;
  /** Where projects are read; without it, no project resolves (the answer worker's service). */
  projects?: MockProjectSource;
  /** The largest answer (MOCK_MAX_RESPONSE_BYTES); core's default if unset. */
  maxResponseBytes?: number;
  /** The engine whose rotation's turns (per node) start again with the cache. */
  engine: Pick<Engine, 'forget'>;
}

/** A project read for the mock URLs, compiled: its route table maps calls to request ids. */
function toMockProject(record: MockProjectRecord): MockProject {
  const routes = record.routes.flatMap((route) =>
    route.routePath === null
      ? []
      : [{ method: route.method, path: route.routePath, value: route.requestId }],
  );
  return {
    id: record.id,
    slug: record.slug,
    name: record.name,
    ownerId: record.ownerId,
    seed: record.seed,
    collections: record.collections,
    settings: record.settings ?? {},
    stopped: record.ownerBanned ? 'owner-banned' : null,
    // The engine's project table: the routes, then the collections' places (project-table.ts).
    table: compileProjectTable(routes, record.collections),
    // Only a project with a proxy forwards, so only its answers are checked against its spec.
    specResponses: record.settings?.proxy ? compileSpecResponses(record.specResponses) : null,
  };
}

export function createMocksService({
  source,
  projects,
  maxResponseBytes,
  engine,
}: MocksServiceDeps) {
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

  const toRoute = (
    api: MockApi | null,
    project: MockProject,
    request: ProjectRequest,
    params: Record<string, string | number | boolean>,
  ): ResolvedRoute => {
    // Deleted since the table was read: the table's own announcement is on its way.
    if (!api) throw routeNotFound(project, request.method, request.path);
    if (api.stopped !== null) admitStopped(api);
    admitToken(api, request.authorization);
    return { api, params, project };
  };

  const routeOf = (
    request: ProjectRequest,
    project: MockProject | null,
  ): ResolvedRoute | Promise<ResolvedRoute> => {
    const match = resolve(project, request.slug, request.method, request.path);
    // resolve threw for no project: it is one from here on.
    const found = project as MockProject;
    if (match.kind === 'reset') return { api: null, ...resetTarget(found, request.authorization) };
    if (match.kind === 'method') return { api: null, allow: match.allow };
    const target = match.route.value;
    if (typeof target !== 'string') {
      return { api: null, ...collectionTarget(found, target, match.params, request.authorization) };
    }
    const cached = cache.get(target);
    return cached instanceof Promise
      ? cached.then((api) => toRoute(api, found, request, match.params))
      : toRoute(cached, found, request, match.params);
  };

  return {
    /**
     * The API a request names: an unknown method segment or id 404, an API stopped by a
     * moderator 403. Its own checks (endpoint 404, method 405, token 401) are the engine's admit,
     * run by the caller, which has the API in hand for the log of a refusal. Synchronous for a
     * cached API (nearly every call), a promise otherwise. Throws (or rejects with) the AppError.
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
        ? cached.then((api) => found(request, api))
        : found(request, cached);
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
        // The rotation's turns are the engine's: they start again with the cache.
        engine.forget();
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
