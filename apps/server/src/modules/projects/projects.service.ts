import { randomInt } from 'node:crypto';
import {
  apiMessages,
  type CompiledTemplate,
  ErrorCode,
  HTTP_METHODS,
  jsonTextTooDeep,
  messages,
  misfitHeaderIssue,
  type RawQuery,
  STATUS_CODES,
} from '@mocksmith/core';
import {
  type CreateProjectInput,
  MAX_PROJECTS_PER_USER,
  MAX_REQUEST_BODY_BYTES,
  MAX_ROUTES_PER_PROJECT,
  type MoveApiInInput,
  type ProjectPreviewInput,
  type ProxySettings,
  paramsFromPath,
  parsePathTemplate,
  projectKey,
  RESERVED_SLUGS,
  type RequestContext,
  type RouteInput,
  type RouteMethod,
  type RouteResponse,
  type RuleProblem,
  ruleProblems,
  type SampleRequest,
  suggestSlug,
  type UpdateProjectInput,
} from '@mocksmith/core/projects';
import { previewResponse, renderResponse } from '@mocksmith/engine';
import type { Executor, Transaction } from '../../db/client.ts';
import type { ApiRow, ProjectRow } from '../../db/schema/apis.ts';
import { type Access, accessRefused } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { newRequestId } from '../../lib/ids.ts';
import type { RulesInput } from '../../lib/work-pool.ts';
import type { AuthUser } from '../../plugins/session.ts';
import {
  type ProjectsRepository,
  type ProjectWithCount,
  type RouteChanges,
  RouteTakenError,
  SlugTakenError,
} from './projects.repository.ts';

/**
 * What the projects need of the APIs module: its template checks, so that a route's response
 * is refused exactly as the create call of an API refuses its template.
 */
export interface TemplateCompiler {
  /** Validates and compiles a template (text, or a JSON value); throws the 400 naming the problem. */
  compileForUser(template: unknown): CompiledTemplate;
}

/** A route as its history entries describe it: its path stands where an API's endpoint does. */
export interface RecordedRoute {
  id: string;
  ownerId: string;
  name: string;
  method: RouteMethod;
  customEndpoint: string | null;
  httpCode: number;
}

/** Where the Recent Activity of routes is written, inside the change's transaction. */
export interface RouteHistory {
  recordCreated(route: RecordedRoute, tx: Executor): Promise<void>;
  recordUpdated(route: RecordedRoute, previousName: string, tx: Executor): Promise<void>;
  recordDeleted(route: RecordedRoute, tx: Executor): Promise<void>;
}

export interface ProjectsServiceDeps {
  repository: ProjectsRepository;
  /** Whose projects are whose (lib/access.ts). */
  access: Access<ProjectRow>;
  templates: TemplateCompiler;
  history: RouteHistory;
  /**
   * Tells every node that something changed: `p:{slug}` drops a project's compiled route
   * table, a request id the cached stand-alone URL of a route (the bus of the APIs' changes).
   */
  invalidate(key: string): Promise<void>;
  /** The most stand-alone APIs one account may have (a route moving out becomes one). */
  maxApisPerAccount?: number;
  /**
   * Finds the problems of rules holding a regex (core's ruleProblems) off the event loop, in
   * the background worker: RE2 compiles a pattern in up to a fifth of a second before its size
   * is known. Without it, here.
   */
  checkRules?: (input: RulesInput) => Promise<RuleProblem[]>;
}

/** A project with its routes, ordered by path, then method, and how many collections it has. */
export interface ProjectWithRoutes {
  project: ProjectRow;
  routes: ApiRow[];
  collectionCount: number;
}

/** A route and its project. */
export interface RouteOfProject {
  project: ProjectRow;
  route: ApiRow;
}

/** Candidates of a suggested slug looked up at once. */
const SLUG_BATCH = 100;
/** Suggested slugs taken by a concurrent create before ours is given up. */
const SLUG_ATTEMPTS = 5;

const projectNotFound = (id: string) => accessRefused({ kind: 'project', id });
const routeNotFound = (id: string) =>
  new AppError(ErrorCode.ROUTE_NOT_FOUND, `This project has no route with the id "${id}"`);
const slugTaken = (slug: string) =>
  new AppError(ErrorCode.SLUG_TAKEN, `The slug "${slug}" is taken: choose another`);
const routeTaken = (route: ApiRow) =>
  new AppError(
    ErrorCode.ROUTE_TAKEN,
    `${route.method} ${route.routePath} already exists in this project ("${route.name}")`,
    { details: { id: route.id } },
  );

/** `base-n` within a DNS label's 63 characters (the base cut, never the number). */
function numbered(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, 63 - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** A route row known to have an owner (the project's). */
function recorded(route: ApiRow): RecordedRoute {
  return { ...route, ownerId: route.ownerId as string, customEndpoint: route.routePath };
}

/** The route a request body describes, as stored. */
function routeFields(input: RouteInput, responses: RouteResponse[]): RouteChanges {
  const parsed = parsePathTemplate(input.path);
  // The schema parsed it already; a path it let through always parses.
  if (!parsed.ok) throw new AppError(ErrorCode.VALIDATION_FAILED, parsed.error);
  const fallback = responses.find((response) => response.isDefault) as RouteResponse;
  return {
    name: input.name || `${input.method} ${parsed.value.path}`,
    method: input.method,
    routePath: parsed.value.path,
    routeKey: parsed.value.key,
    responses,
    responseMode: input.responseMode,
    authToken: input.authToken,
    // The default response mirrored, so that the route's stand-alone URL answers it.
    template: fallback.template,
    httpCode: fallback.status,
    customHeaders: fallback.headers,
    delay: fallback.delay,
    rules: input.rules,
    network: input.network,
    overrides: input.overrides,
  };
}

/** A preview's page URL: its Link header is not sent. */
const noPage = () => '';

/** The routes recording added to a project so far (its proxy's `recorded`), oldest first. */
function recordedOf(project: ProjectRow): ProxySettings['recorded'] {
  const proxy = project.settings.proxy as Partial<ProxySettings> | null | undefined;
  return Array.isArray(proxy?.recorded) ? proxy.recorded : [];
}

/** The first value of a query parameter. */
function firstOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function createProjectsService({
  repository,
  access,
  templates,
  history,
  invalidate,
  maxApisPerAccount = Number.POSITIVE_INFINITY,
  checkRules,
}: ProjectsServiceDeps) {
  /** Throws 403 when the user has the most projects an account may have (in the transaction). */
  const assertProjectRoom = async (ownerId: string, tx: Transaction) => {
    const owned = await repository.countOwnedLocked(ownerId, tx);
    if (owned < MAX_PROJECTS_PER_USER) return;
    throw new AppError(
      ErrorCode.PROJECT_LIMIT_REACHED,
      `An account may have at most ${MAX_PROJECTS_PER_USER} projects; this one has ${owned}. Delete one to make room`,
    );
  };

  /** Throws 403 when the project holds the most routes a project may (holding its row). */
  const assertRouteRoom = async (project: ProjectRow, tx: Transaction) => {
    const routes = await repository.countRoutes(project.id, tx);
    if (routes < MAX_ROUTES_PER_PROJECT) return;
    throw new AppError(
      ErrorCode.ROUTE_LIMIT_REACHED,
      `A project may have at most ${MAX_ROUTES_PER_PROJECT} routes; "${project.name}" has ${routes}. Delete some to make room`,
    );
  };

  /** Throws 409 naming the route of the project this method and path would clash with. */
  const assertNoClash = async (
    projectId: string,
    fields: Pick<RouteChanges, 'method' | 'routeKey'>,
    exceptId: string | null,
    executor?: Executor,
  ) => {
    const clash = await repository.findRouteByKey(
      projectId,
      fields.method as RouteMethod,
      fields.routeKey as string,
      exceptId,
      executor,
    );
    if (clash) throw routeTaken(clash);
    const collection = await repository.findCollectionAt(
      projectId,
      fields.method as RouteMethod,
      fields.routeKey as string,
      executor,
    );
    if (collection) {
      throw new AppError(
        ErrorCode.ROUTE_TAKEN,
        `${fields.method} ${fields.routeKey === collection.path ? collection.path : `${collection.path}/{id}`} is answered by the collection "${collection.name}" of this project`,
      );
    }
  };

  /**
   * Runs a change of a route in one transaction. A clash caught by the unique index (a route
   * written meanwhile by a call that did not hold the project) is the same 409 naming the
   * route, which `recheck` finds and throws.
   */
  const routeTransaction = async <T>(
    work: (tx: Transaction) => Promise<T>,
    recheck: () => Promise<void>,
  ): Promise<T> => {
    try {
      return await repository.transaction(work);
    } catch (error) {
      if (error instanceof RouteTakenError) await recheck();
      throw error;
    }
  };

  /**
   * The responses of a route as stored, each checked as an API's template is (the full
   * catalogue, the answer size limit, headers that fit the status), or the 400 that names the
   * response and its problem. The one marked default is the default; else the first.
   */
  const checkedResponses = async (input: RouteInput): Promise<RouteResponse[]> => {
    // The rules pick responses of the route, by name, and read its parameters.
    const path = parsePathTemplate(input.path);
    const check: RulesInput = {
      rules: input.rules,
      responseNames: input.responses.map((response) => response.name),
      ...(path.ok ? { paramNames: path.value.params.map((param) => param.name) } : {}),
    };
    const compiles = input.rules.some((rule) =>
      rule.conditions.some((condition) => condition.operator === 'regex'),
    );
    const problems =
      compiles && checkRules
        ? await checkRules(check)
        : ruleProblems(check.rules, check.responseNames, check.paramNames);
    if (problems.length > 0) {
      throw new AppError(
        ErrorCode.VALIDATION_FAILED,
        problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '),
        { details: problems },
      );
    }
    const marked = input.responses.findIndex((response) => response.default === true);
    const defaultIndex = marked === -1 ? 0 : marked;
    return input.responses.map((response, index) => {
      const named = `responses[${index}] "${response.name}"`;
      try {
        templates.compileForUser(response.template);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw new AppError(error.code, `${named}: ${error.message}`, { details: error.details });
      }
      const misfit = misfitHeaderIssue(response.headers, response.status);
      if (misfit) throw new AppError(ErrorCode.VALIDATION_FAILED, `${named}: ${misfit.message}`);
      return {
        name: response.name,
        status: response.status,
        template: response.template,
        headers: response.headers,
        delay: response.delay,
        isDefault: index === defaultIndex,
        when: response.when ?? null,
      };
    });
  };

  /** The first suggestion of `name`'s slug that no project has (nor the service keeps). */
  const freeSlug = async (name: string): Promise<string> => {
    const base = suggestSlug(name);
    for (let from = 1; ; from += SLUG_BATCH) {
      const candidates = Array.from({ length: SLUG_BATCH }, (_, i) =>
        from + i === 1 ? base : numbered(base, from + i),
      ).filter((slug) => !RESERVED_SLUGS.has(slug));
      const taken = await repository.takenSlugs(candidates);
      const free = candidates.find((slug) => !taken.has(slug));
      if (free) return free;
    }
  };

  /** The user's project, or 404 (also for another user's: it is none of theirs to know of). */
  const ownedOrThrow = (user: AuthUser, id: string): Promise<ProjectRow> =>
    access.requireAccess(user, { kind: 'project', id });

  /** Holds the user's project for the transaction, or 404. */
  const lockedOrThrow = async (user: AuthUser, id: string, tx: Transaction) => {
    const project = await repository.lockOwned(id, user.id, tx);
    if (!project) throw projectNotFound(id);
    return project;
  };

  /**
   * A new route of a project held for the transaction, with a fresh request id and its history
   * entry; 403 past the routes a project may hold, 409 naming the route of the same method and path.
   */
  const insertRoute = async (
    project: ProjectRow,
    fields: ReturnType<typeof routeFields>,
    tx: Transaction,
  ): Promise<ApiRow> => {
    await assertRouteRoom(project, tx);
    await assertNoClash(project.id, fields, null, tx);
    const route = await repository.insertRoute(
      {
        ...fields,
        requestId: newRequestId(),
        ownerId: project.ownerId,
        projectId: project.id,
        customEndpoint: null,
        isPublic: false,
      },
      tx,
    );
    await history.recordCreated(recorded(route), tx);
    return route;
  };

  /** Announces changed keys on the bus; settles once this node took them in. */
  const announce = async (keys: readonly string[]) => {
    await Promise.all([...new Set(keys)].map((key) => invalidate(key)));
  };

  return {
    /**
     * Creates a project for the user with a random seed. Without a slug, one is suggested from
     * the name (`shop`, else `shop-2`, `shop-3`...). Throws 409 when the slug given is taken
     * and 403 past the projects an account may have (counted holding the user's row).
     */
    async create(user: AuthUser, input: CreateProjectInput): Promise<ProjectWithCount> {
      for (let attempt = 1; ; attempt++) {
        const slug = input.slug ?? (await freeSlug(input.name));
        if (input.slug && (await repository.takenSlugs([slug])).has(slug)) throw slugTaken(slug);
        try {
          const project = await repository.transaction(async (tx) => {
            await assertProjectRoom(user.id, tx);
            return repository.insertProject(
              { ownerId: user.id, name: input.name, slug, seed: randomInt(2 ** 31 - 1) },
              tx,
            );
          });
          // A call of the slug before it existed may have been remembered as a 404.
          await announce([projectKey(project.slug)]);
          return { ...project, routeCount: 0, collectionCount: 0 };
        } catch (error) {
          // A suggestion taken meanwhile by another create: suggest again.
          if (!(error instanceof SlugTakenError)) throw error;
          if (input.slug || attempt === SLUG_ATTEMPTS) throw slugTaken(slug);
        }
      }
    },

    /** The user's projects with their route and collection counts, newest first. */
    list(user: AuthUser): Promise<ProjectWithCount[]> {
      return repository.listByOwner(user.id);
    },

    /** One of the user's projects with its routes (by path, then method); 404 otherwise. */
    async get(user: AuthUser, id: string): Promise<ProjectWithRoutes> {
      const project = await ownedOrThrow(user, id);
      const [routes, collectionCount] = await Promise.all([
        repository.routesOf(project.id),
        repository.countCollections(project.id),
      ]);
      return { project, routes, collectionCount };
    },

    /**
     * The name of one of the user's projects, or null when it is not theirs (or not there): what
     * a project page's shell shows before its scripts (plugins/web.ts), which answers no 404.
     */
    async nameOf(user: AuthUser, id: string): Promise<string | null> {
      try {
        return (await ownedOrThrow(user, id)).name;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },

    /**
     * Renames the project and/or changes its slug; 404 when it is not the user's, 409 when the
     * slug is another project's. Both slugs' route tables are dropped on every node, and with a
     * new slug its routes too (their own URLs find their project by it).
     */
    async update(user: AuthUser, id: string, input: UpdateProjectInput): Promise<ProjectWithCount> {
      let previous: ProjectRow | undefined;
      try {
        const { project, moved } = await repository.transaction(async (tx) => {
          previous = await lockedOrThrow(user, id, tx);
          const stored = await repository.touch(previous.id, tx, {
            ...(input.name === undefined ? {} : { name: input.name }),
            ...(input.slug === undefined ? {} : { slug: input.slug }),
            ...(input.settings === undefined
              ? {}
              : {
                  settings: {
                    ...previous.settings,
                    ...Object.fromEntries(
                      Object.entries(input.settings).filter(([, value]) => value !== undefined),
                    ),
                    // What recording added stays listed while the project has a proxy.
                    ...(input.settings.proxy
                      ? { proxy: { ...input.settings.proxy, recorded: recordedOf(previous) } }
                      : {}),
                  },
                }),
          });
          return {
            project: {
              ...stored,
              routeCount: await repository.countRoutes(stored.id, tx),
              collectionCount: await repository.countCollections(stored.id, tx),
            },
            moved:
              stored.slug === previous.slug ? [] : await repository.routeRequestIds(stored.id, tx),
          };
        });
        await announce([projectKey(previous!.slug), projectKey(project.slug), ...moved]);
        return project;
      } catch (error) {
        if (error instanceof SlugTakenError) throw slugTaken(input.slug as string);
        throw error;
      }
    },

    /**
     * Deletes the user's project and its routes (404 when it is not theirs); its base URL and
     * its routes' stand-alone URLs answer 404 from then on, on every node.
     */
    async remove(user: AuthUser, id: string): Promise<void> {
      const { project, requestIds } = await repository.transaction(async (tx) => {
        const locked = await lockedOrThrow(user, id, tx);
        const requestIds = await repository.routeRequestIds(locked.id, tx);
        await repository.deleteProject(locked.id, tx);
        return { project: locked, requestIds };
      });
      await announce([projectKey(project.slug), ...requestIds]);
    },

    /**
     * Adds a route to the user's project: a fresh request id, the default response mirrored
     * into the API's fields, its history entry. Throws 400 naming a bad response, 404 (not the
     * user's project), 409 naming the route of the same method and path, 403 past the routes a
     * project may hold (counted holding the project's row).
     */
    async createRoute(
      user: AuthUser,
      projectId: string,
      input: RouteInput,
    ): Promise<RouteOfProject> {
      const fields = routeFields(input, await checkedResponses(input));
      const created = await routeTransaction(
        async (tx) => {
          const project = await lockedOrThrow(user, projectId, tx);
          const route = await insertRoute(project, fields, tx);
          return { project: await repository.touch(project.id, tx), route };
        },
        () => assertNoClash(projectId, fields, null),
      );
      await announce([projectKey(created.project.slug), created.route.requestId]);
      return created;
    },

    /**
     * Adds a route that recording made of a forwarded call (issue 40) to a project whose proxy
     * records, as its owner (the project's own setting asked for it), and lists it in
     * `settings.proxy.recorded`. False, and nothing written, when recording is off or has added
     * its most routes, when the project has that route already (another call recorded it
     * first), or holds its most routes.
     */
    async recordRoute(ownerId: string, projectId: string, input: RouteInput): Promise<boolean> {
      const owner: AuthUser = { id: ownerId, email: '', name: '' };
      const fields = routeFields(input, await checkedResponses(input));
      let created: { project: ProjectRow; route: ApiRow } | null;
      try {
        created = await repository.transaction(async (tx) => {
          const project = await lockedOrThrow(owner, projectId, tx);
          const proxy = project.settings.proxy as ProxySettings | null | undefined;
          const recordedSoFar = recordedOf(project);
          if (!proxy?.record || recordedSoFar.length >= proxy.recordLimit) return null;
          const route = await insertRoute(project, fields, tx);
          const added = {
            method: input.method,
            path: fields.routePath,
            at: new Date().toISOString(),
          };
          const settings = {
            ...project.settings,
            proxy: { ...proxy, recorded: [...recordedSoFar, added] },
          };
          return { project: await repository.touch(project.id, tx, { settings }), route };
        });
      } catch (error) {
        if (error instanceof RouteTakenError || error instanceof AppError) return false;
        throw error;
      }
      if (created === null) return false;
      await announce([projectKey(created.project.slug), created.route.requestId]);
      return true;
    },

    /** One route of the user's project; 404 when either is not there (or not theirs). */
    async getRoute(user: AuthUser, projectId: string, routeId: string): Promise<RouteOfProject> {
      const project = await ownedOrThrow(user, projectId);
      const route = await repository.findRoute(project.id, routeId);
      if (!route) throw routeNotFound(routeId);
      return { project, route };
    },

    /**
     * Replaces a route's method, path, name, responses, mode and token (its request id, call
     * count and import key stay). Throws as `createRoute` does, and 404 for no such route.
     */
    async updateRoute(
      user: AuthUser,
      projectId: string,
      routeId: string,
      input: RouteInput,
    ): Promise<RouteOfProject> {
      const fields = routeFields(input, await checkedResponses(input));
      const updated = await routeTransaction(
        async (tx) => {
          const project = await lockedOrThrow(user, projectId, tx);
          const current = await repository.findRoute(project.id, routeId, tx);
          if (!current) throw routeNotFound(routeId);
          await assertNoClash(project.id, fields, current.id, tx);
          const route = (await repository.updateRoute(
            current.id,
            project.id,
            fields,
            tx,
          )) as ApiRow;
          await history.recordUpdated(recorded(route), current.name, tx);
          return { project: await repository.touch(project.id, tx), route };
        },
        () => assertNoClash(projectId, fields, routeId),
      );
      await announce([projectKey(updated.project.slug), updated.route.requestId]);
      return updated;
    },

    /** Deletes a route of the user's project (404 when either is not there). */
    async removeRoute(user: AuthUser, projectId: string, routeId: string): Promise<void> {
      const { project, route } = await repository.transaction(async (tx) => {
        const locked = await lockedOrThrow(user, projectId, tx);
        const deleted = await repository.deleteRoute(routeId, locked.id, tx);
        if (!deleted) throw routeNotFound(routeId);
        await history.recordDeleted(recorded(deleted), tx);
        return { project: await repository.touch(locked.id, tx), route: deleted };
      });
      await announce([projectKey(project.slug), route.requestId]);
    },

    /**
     * Makes one of the user's stand-alone APIs a route of the project at `path` (and `method`,
     * else its own). It keeps its request id (its stand-alone URL), template, options, name and call
     * count; its one response is named 'default'. It leaves the gallery (a route is never
     * public) and loses its custom endpoint (a route's path is its project's). Throws 404 (no
     * such project or API of the user's), 409 (a route already, or a clash), 403 (limit).
     */
    async moveIn(
      user: AuthUser,
      projectId: string,
      input: MoveApiInInput,
    ): Promise<RouteOfProject> {
      const parsed = parsePathTemplate(input.path);
      if (!parsed.ok) throw new AppError(ErrorCode.VALIDATION_FAILED, parsed.error);
      const routeKey = parsed.value.key;
      let method: RouteMethod | undefined;
      const moved = await routeTransaction(
        async (tx) => {
          const project = await lockedOrThrow(user, projectId, tx);
          const found = await repository.findOwnedApi(input.apiId, user.id, tx);
          if (!found) throw new AppError(ErrorCode.TEMPLATE_NOT_FOUND, apiMessages.notFound);
          const { api, projectName } = found;
          if (api.projectId !== null) {
            throw new AppError(
              ErrorCode.API_IS_ROUTE,
              `This API is a route of the project "${projectName}" already: move it out of it first`,
            );
          }
          method = input.method ?? api.method;
          await assertRouteRoom(project, tx);
          await assertNoClash(project.id, { method, routeKey }, null, tx);
          const route = await repository.moveIn(
            api.id,
            user.id,
            {
              projectId: project.id,
              method,
              routePath: parsed.value.path,
              routeKey,
              responses: [
                {
                  name: 'default',
                  status: api.httpCode,
                  template: api.template,
                  headers: api.customHeaders,
                  delay: api.delay,
                  isDefault: true,
                  when: null,
                },
              ],
              responseMode: 'default',
              customEndpoint: null,
              isPublic: false,
              importKey: null,
            },
            tx,
          );
          // Moved by another call since it was read.
          if (!route) throw new AppError(ErrorCode.API_IS_ROUTE, 'This API was just moved: reload');
          return { project: await repository.touch(project.id, tx), route };
        },
        async () => {
          if (method) await assertNoClash(projectId, { method, routeKey }, null);
        },
      );
      await announce([projectKey(moved.project.slug), moved.route.requestId]);
      return moved;
    },

    /**
     * Makes a route of the user's project a stand-alone API again: its request id, default
     * response (in its fields), options and call count stay; its other responses go. Throws 404
     * (no such project or route), 409 for a method (PATCH) or a default status (202...) that
     * stand-alone APIs do not have, 403 past the stand-alone APIs an account may have.
     */
    async moveOut(user: AuthUser, projectId: string, routeId: string): Promise<ApiRow> {
      const { project, api } = await repository.transaction(async (tx) => {
        // The user's row first, then the project's: the order an account's deletion takes.
        const standAlone = await repository.countStandAloneLocked(user.id, tx);
        const locked = await lockedOrThrow(user, projectId, tx);
        const route = await repository.findRoute(locked.id, routeId, tx);
        if (!route) throw routeNotFound(routeId);
        if (!(HTTP_METHODS as readonly string[]).includes(route.method)) {
          throw new AppError(
            ErrorCode.ROUTE_CANNOT_STAND_ALONE,
            `A ${route.method} route cannot leave its project: stand-alone APIs answer ${HTTP_METHODS.join(', ')}`,
          );
        }
        if (!(STATUS_CODES as readonly number[]).includes(route.httpCode)) {
          throw new AppError(
            ErrorCode.ROUTE_CANNOT_STAND_ALONE,
            `A route whose default response answers ${route.httpCode} cannot leave its project: stand-alone APIs answer ${STATUS_CODES.join(', ')}`,
          );
        }
        if (standAlone >= maxApisPerAccount) {
          throw new AppError(
            ErrorCode.API_LIMIT_REACHED,
            `An account may have at most ${maxApisPerAccount} APIs; this one has ${standAlone}. Delete some to make room`,
          );
        }
        const api = (await repository.moveOut(route.id, locked.id, tx)) as ApiRow;
        return { project: await repository.touch(locked.id, tx), api };
      });
      await announce([projectKey(project.slug), api.requestId]);
      return api;
    },

    /**
     * The body a template gives for a sample request, as the live URL would answer it: the
     * path parameters read from the sample path under `routePath`, the query, the headers
     * (names in lower case), the JSON body, then the list parameters (sort, page) applied.
     * Throws 404 (not the user's project), 400 (a bad template, a sample path that does not
     * fit the route's path, a bad list parameter), 413 (a body over the limit). The body is
     * JSON text, rendered by the engine's renderResponse as the live answer is.
     */
    async preview(user: AuthUser, projectId: string, input: ProjectPreviewInput): Promise<string> {
      await ownedOrThrow(user, projectId);
      const compiled = templates.compileForUser(input.template);
      const sample = input.request;
      const request = sample ? requestContext(sample, input.routePath) : undefined;
      const seed = input.seed ?? firstOf(sample?.query.seed);
      // The query as the renderer reads it: the list parameters, and the seed chosen above.
      const query: Record<string, RawQuery[string]> = { ...request?.query };
      if (seed === undefined) delete query.seed;
      else query.seed = seed;
      // The one renderer of the live answer (engine answer.ts); a preview has no Link header.
      return renderResponse(previewResponse(compiled), query, noPage, request).payload ?? '';
    },
  };
}

/**
 * A sample request as a template reads it. The query of the sample path joins the query given;
 * a body given as text is parsed as JSON (null when it is not JSON, as a live call's would be).
 */
function requestContext(sample: SampleRequest, routePath: string | undefined): RequestContext {
  const [path = '/', search = ''] = sample.path.split('?', 2);
  const query: Record<string, string | string[]> = { ...sample.query };
  for (const [name, value] of new URLSearchParams(search)) {
    const held = query[name];
    query[name] = held === undefined ? value : [...(Array.isArray(held) ? held : [held]), value];
  }
  let params: RequestContext['params'] = {};
  if (routePath !== undefined) {
    const template = parsePathTemplate(routePath);
    const found = template.ok ? paramsFromPath(template.value, path) : null;
    if (!found) {
      throw new AppError(
        ErrorCode.VALIDATION_FAILED,
        `The sample path "${path}" does not fit the route's path "${routePath}"`,
      );
    }
    params = found;
  }
  return {
    params,
    query,
    headers: Object.fromEntries(
      Object.entries(sample.headers).map(([name, value]) => [name.toLowerCase(), value]),
    ),
    body: sampleBody(sample.body),
    method: sample.method,
    path,
  };
}

/** A sample body as a template reads it; over the limit, 413. */
function sampleBody(body: unknown): unknown {
  if (body === undefined || body === null) return null;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_REQUEST_BODY_BYTES) {
    throw new AppError(
      ErrorCode.BODY_TOO_LARGE,
      `The sample body is ${Math.ceil(bytes / 1024)} KiB; templates read bodies of up to ${MAX_REQUEST_BODY_BYTES / 1024} KiB`,
    );
  }
  if (typeof body !== 'string') return body;
  // As the mock URLs read a body: never parsed past MAX_JSON_DEPTH.
  if (jsonTextTooDeep(body)) throw new AppError(ErrorCode.BODY_TOO_DEEP, messages.bodyTooDeep);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
