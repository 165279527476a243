/**
 * The management API of projects as the projects screens' tests see it: an in-memory store
 * served by MSW, each change recorded, answering as the contract says (201s, 404 for an unknown
 * id, 409 for a taken slug, a clashing route or a clashing collection, 400 VALIDATION_FAILED with
 * core's words for a refused collection). A test answers a call otherwise with `server.use`.
 */
import type { JsonObject } from '@mocksmith/core';
import {
  type Collection,
  createCollectionInputSchema,
  idKindOf,
  type ProjectSession,
  type ProjectSessionList,
  updateCollectionInputSchema,
} from '@mocksmith/core/collections';
import {
  type CreateRouteResult,
  type Project,
  type ProjectDetail,
  parsePathTemplate,
  projectBaseUrl,
  projectSettingsSchema,
  type RouteInput,
  type RouteView,
  ruleProblems,
  updateProjectInputSchema,
} from '@mocksmith/core/projects';
import { HttpResponse, http } from 'msw';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import type { ReceivedCall } from '../../../testing/server.ts';
import { server } from '../../../testing/server.ts';

const ORIGIN = 'http://localhost:3000';
const MOMENT = '2026-03-14T09:30:00.000Z';

let sequence = 0;

/** A project as the server answers it, with its routes. */
export function projectOf(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  sequence += 1;
  const slug = overrides.slug ?? `project-${sequence}`;
  const routes = overrides.routes ?? [];
  return {
    id: `project-${sequence}`,
    name: `Project ${sequence}`,
    slug,
    baseUrl: projectBaseUrl(ORIGIN, slug),
    wildcardUrl: null,
    routeCount: routes.length,
    collectionCount: 0,
    settings: projectSettingsSchema.parse({}),
    createdAt: MOMENT,
    updatedAt: MOMENT,
    routes,
    ...overrides,
  };
}

/** A route as the server answers it: one response, `ok`, unless given. */
export function routeOf(overrides: Partial<RouteView> = {}): RouteView {
  sequence += 1;
  const method = overrides.method ?? 'GET';
  const path = overrides.path ?? '/users';
  return {
    id: `route-${sequence}`,
    requestId: `req${String(sequence).padStart(13, '0')}`,
    method,
    path,
    name: '',
    url: `${ORIGIN}/p/shop${path}`,
    responses: [
      {
        name: 'ok',
        status: 200,
        template: '{"id":"uuid"}',
        headers: [],
        delay: 0,
        default: true,
        when: null,
      },
    ],
    responseMode: 'default',
    authToken: null,
    callCount: 0,
    importKey: null,
    rules: [],
    network: null,
    overrides: true,
    createdAt: MOMENT,
    updatedAt: MOMENT,
    ...overrides,
  };
}

/** A collection as the server answers it: `users` at `/users` of the shop, unless given. */
export function collectionOf(overrides: Partial<Collection> = {}): Collection {
  sequence += 1;
  const name = overrides.name ?? 'users';
  const path = overrides.path ?? `/${name}`;
  const template = overrides.template ?? { id: 'uuid', name: 'string.name.fullname' };
  return {
    id: `collection-${sequence}`,
    name,
    path,
    url: `${ORIGIN}/p/shop${path}`,
    template,
    count: 20,
    idKind: idKindOf(template as JsonObject),
    unknownFields: 'refuse',
    cascade: false,
    authToken: null,
    references: [],
    seedVersion: 1,
    createdAt: MOMENT,
    updatedAt: MOMENT,
    ...overrides,
  };
}

/** A session as the server lists it: used at MOMENT, nothing changed, unless given. */
export function sessionOf(overrides: Partial<ProjectSession> = {}): ProjectSession {
  sequence += 1;
  return {
    name: `session-${sequence}`,
    createdAt: MOMENT,
    lastUsedAt: MOMENT,
    changed: 0,
    owner: false,
    ...overrides,
  };
}

/** A refused body as the server answers it: 400 VALIDATION_FAILED, each issue at its JSONPath. */
function refused(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const listed = issues.map((issue) => ({
    path: ['$', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  return errorAnswer(
    400,
    'VALIDATION_FAILED',
    listed.map((issue) => `${issue.path.slice(2)}: ${issue.message}`).join('; '),
    { issues: listed },
  );
}

/**
 * Serves `initial` projects, with the collections and sessions of each (by project id); returns
 * the live stores and the calls that changed them.
 */
export function serveProjects(
  initial: ProjectDetail[] = [],
  {
    collections: initialCollections = {},
    sessions: initialSessions = {},
  }: {
    collections?: Record<string, Collection[]>;
    sessions?: Record<string, ProjectSessionList>;
  } = {},
) {
  const projects = initial.map((project) => ({ ...project, routes: [...project.routes] }));
  const collections: Record<string, Collection[]> = Object.fromEntries(
    initial.map((project) => [project.id, [...(initialCollections[project.id] ?? [])]]),
  );
  const sessions: Record<string, ProjectSessionList> = Object.fromEntries(
    initial.map((project) => [
      project.id,
      {
        sharedChanged: initialSessions[project.id]?.sharedChanged ?? 0,
        sessions: (initialSessions[project.id]?.sessions ?? []).map((item) => ({ ...item })),
      },
    ]),
  );
  const calls: ReceivedCall[] = [];
  const find = (id: unknown) => projects.find((project) => project.id === id);
  /** A project as the list answers it: its counts from the stores, without its routes. */
  const summary = ({ routes, ...project }: ProjectDetail): Project => ({
    ...project,
    routeCount: routes.length,
    collectionCount: collections[project.id]?.length ?? 0,
  });
  const missing = () => errorAnswer(404, 'PROJECT_NOT_FOUND', 'No such project');

  async function record(request: Request): Promise<unknown> {
    const text = await request.text();
    const body = text === '' ? undefined : (JSON.parse(text) as unknown);
    calls.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  }

  function clash(project: ProjectDetail, input: { method: string; path: string }, except?: string) {
    const parsed = parsePathTemplate(input.path);
    const key = parsed.ok ? parsed.value.key : input.path;
    return project.routes.find(
      (route) =>
        route.id !== except &&
        route.method === input.method &&
        (parsePathTemplate(route.path) as { value: { key: string } }).value.key === key,
    );
  }

  /**
   * What holds a collection's name or path already, in the server's words: another collection,
   * or a route the collection would answer (GET or POST at its path, GET, PUT, PATCH or DELETE
   * at `{path}/{id}`).
   */
  function collectionClash(
    project: ProjectDetail,
    { name, path }: { name?: string; path?: string },
    except?: string,
  ) {
    const others = (collections[project.id] ?? []).filter((item) => item.id !== except);
    if (name !== undefined && others.some((item) => item.name === name)) {
      return `This project already has a collection named "${name}"`;
    }
    if (path === undefined) return undefined;
    if (others.some((item) => item.path === path)) {
      return `This project already has a collection at ${path}`;
    }
    const route = project.routes.find((item) => {
      const parsed = parsePathTemplate(item.path);
      const key = parsed.ok ? parsed.value.key : item.path;
      return (
        (key === path && ['GET', 'POST'].includes(item.method)) ||
        (key === `${path}/{}` && ['GET', 'PUT', 'PATCH', 'DELETE'].includes(item.method))
      );
    });
    return route
      ? `${route.method} ${route.path} is a route of this project ("${route.name}"): a collection at ${path} answers it; move or delete the route first`
      : undefined;
  }

  /** The server's refusal of rules that do not fit the route (core's ruleProblems), if any. */
  function refusedRules(input: RouteInput) {
    const path = parsePathTemplate(input.path);
    const problems = ruleProblems(
      input.rules ?? [],
      input.responses.map((response) => response.name),
      path.ok ? path.value.params.map((param) => param.name) : undefined,
    );
    return problems.length === 0
      ? undefined
      : errorAnswer(
          400,
          'VALIDATION_FAILED',
          problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '),
          problems,
        );
  }

  function stored(input: RouteInput, base: RouteView): RouteView {
    const chosen = input.responses.findIndex((response) => response.default);
    return {
      ...base,
      method: input.method,
      path: input.path,
      name: input.name ?? '',
      responseMode: input.responseMode,
      authToken: input.authToken,
      responses: input.responses.map((response, index) => ({
        name: response.name,
        status: response.status,
        template: response.template,
        headers: response.headers,
        delay: response.delay,
        default: index === Math.max(chosen, 0),
        when: response.when ?? null,
      })),
      rules: input.rules ?? [],
      network: input.network ?? null,
      overrides: input.overrides ?? true,
    };
  }

  server.use(
    http.get(backend('/projects/:id/collections'), ({ params }) => {
      const project = find(params.id);
      return project
        ? HttpResponse.json({ collections: collections[project.id] ?? [] })
        : missing();
    }),
    http.post(backend('/projects/:id/collections'), async ({ request, params }) => {
      const body = await record(request);
      const project = find(params.id);
      if (!project) return missing();
      const parsed = createCollectionInputSchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues);
      const input = parsed.data;
      const path = input.path ?? `/${input.name}`;
      // Made from routes, the routes at its places go with it (when it is made at all).
      const clash = collectionClash(project, {
        name: input.name,
        path: input.replaceRoutes ? undefined : path,
      });
      if (clash) return errorAnswer(409, 'COLLECTION_TAKEN', clash);
      if (input.replaceRoutes) {
        const taken = collectionClash(project, { path });
        if (taken?.startsWith('This project already')) {
          return errorAnswer(409, 'COLLECTION_TAKEN', taken);
        }
        project.routes = project.routes.filter((item) => {
          const parsed = parsePathTemplate(item.path);
          const key = parsed.ok ? parsed.value.key : item.path;
          return !(
            (key === path && ['GET', 'POST'].includes(item.method)) ||
            (key === `${path}/{}` && ['GET', 'PUT', 'PATCH', 'DELETE'].includes(item.method))
          );
        });
      }
      const created = collectionOf({
        name: input.name,
        path,
        url: `${project.baseUrl}${path}`,
        template: input.template,
        count: input.count,
        idKind: idKindOf(input.template as JsonObject),
        unknownFields: input.unknownFields,
        cascade: input.cascade,
      });
      collections[project.id]?.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(backend('/projects/:id/collections/:collectionId'), async ({ request, params }) => {
      const body = await record(request);
      const project = find(params.id);
      const list = project ? (collections[project.id] ?? []) : [];
      const index = list.findIndex((item) => item.id === params.collectionId);
      if (!project || index === -1) {
        return errorAnswer(404, 'COLLECTION_NOT_FOUND', 'No such collection');
      }
      const parsed = updateCollectionInputSchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues);
      const clash = collectionClash(
        project,
        { path: parsed.data.path },
        params.collectionId as string,
      );
      if (clash) return errorAnswer(409, 'COLLECTION_TAKEN', clash);
      const current = list[index] as Collection;
      const path = parsed.data.path ?? current.path;
      const template = parsed.data.template ?? current.template;
      list[index] = {
        ...current,
        ...parsed.data,
        path,
        url: `${project.baseUrl}${path}`,
        template,
        idKind: idKindOf(template as JsonObject),
      };
      return HttpResponse.json(list[index]);
    }),
    http.delete(backend('/projects/:id/collections/:collectionId'), async ({ request, params }) => {
      await record(request);
      const project = find(params.id);
      if (!project) return missing();
      collections[project.id] = (collections[project.id] ?? []).filter(
        (item) => item.id !== params.collectionId,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(
      backend('/projects/:id/collections/:collectionId/reseed'),
      async ({ request, params }) => {
        await record(request);
        const project = find(params.id);
        const collection = project
          ? collections[project.id]?.find((item) => item.id === params.collectionId)
          : undefined;
        if (!project || !collection) {
          return errorAnswer(404, 'COLLECTION_NOT_FOUND', 'No such collection');
        }
        collection.seedVersion += 1;
        return HttpResponse.json(collection);
      },
    ),
    http.get(backend('/projects/:id/sessions'), ({ params }) => {
      const project = find(params.id);
      return project ? HttpResponse.json(sessions[project.id]) : missing();
    }),
    http.post(backend('/projects/:id/reset'), async ({ request, params }) => {
      const body = (await record(request)) as { session?: string };
      const state = sessions[params.id as string];
      if (!state) return missing();
      if (body.session === undefined) state.sharedChanged = 0;
      else {
        const session = state.sessions.find((item) => item.name === body.session);
        if (session) session.changed = 0;
      }
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(backend('/projects/:id/sessions'), async ({ request, params }) => {
      const body = (await record(request)) as { name: string };
      const state = sessions[params.id as string];
      if (!state) return missing();
      let session = state.sessions.find((item) => item.name === body.name);
      if (session) session.owner = true;
      else {
        session = sessionOf({ name: body.name, owner: true });
        state.sessions.unshift(session);
      }
      return HttpResponse.json(session, { status: 201 });
    }),
    http.delete(backend('/projects/:id/sessions/:name'), async ({ request, params }) => {
      await record(request);
      const state = sessions[params.id as string];
      if (!state) return missing();
      state.sessions = state.sessions.filter((item) => item.name !== params.name);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(backend('/projects'), () => HttpResponse.json({ projects: projects.map(summary) })),
    http.post(backend('/projects'), async ({ request }) => {
      const body = (await record(request)) as { name: string; slug: string };
      if (projects.some((project) => project.slug === body.slug)) {
        return errorAnswer(409, 'SLUG_TAKEN', `The slug "${body.slug}" is taken: choose another`);
      }
      const created = projectOf({ name: body.name, slug: body.slug });
      projects.unshift(created);
      return HttpResponse.json(summary(created), { status: 201 });
    }),
    http.get(backend('/projects/:id'), ({ params }) => {
      const project = find(params.id);
      return project ? HttpResponse.json({ ...project, ...summary(project) }) : missing();
    }),
    http.patch(backend('/projects/:id'), async ({ request, params }) => {
      const body = await record(request);
      const project = find(params.id);
      if (!project) return missing();
      const parsed = updateProjectInputSchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues);
      const { settings, ...rest } = parsed.data;
      Object.assign(project, rest);
      // Settings as the server keeps them: the ones sent over the others, each with its default.
      if (settings) {
        project.settings = projectSettingsSchema.parse({ ...project.settings, ...settings });
      }
      return HttpResponse.json(summary(project));
    }),
    http.delete(backend('/projects/:id'), async ({ request, params }) => {
      await record(request);
      const index = projects.findIndex((project) => project.id === params.id);
      if (index === -1) return missing();
      projects.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(backend('/projects/:id/routes'), async ({ request, params }) => {
      const input = (await record(request)) as RouteInput;
      const project = find(params.id);
      if (!project) return missing();
      const rulesRefused = refusedRules(input);
      if (rulesRefused) return rulesRefused;
      const other = clash(project, input);
      if (other) {
        return errorAnswer(
          409,
          'ROUTE_TAKEN',
          `${other.method} ${other.path} is this route already`,
        );
      }
      const route = stored(input, routeOf());
      project.routes.push(route);
      const result: CreateRouteResult = {
        id: route.id,
        requestId: route.requestId,
        method: route.method,
        path: route.path,
        url: route.url,
        warnings: [],
      };
      return HttpResponse.json(result, { status: 201 });
    }),
    http.put(backend('/projects/:id/routes/:routeId'), async ({ request, params }) => {
      const input = (await record(request)) as RouteInput;
      const project = find(params.id);
      const index = project?.routes.findIndex((route) => route.id === params.routeId) ?? -1;
      if (!project || index === -1) return errorAnswer(404, 'ROUTE_NOT_FOUND', 'No such route');
      const rulesRefused = refusedRules(input);
      if (rulesRefused) return rulesRefused;
      const other = clash(project, input, params.routeId as string);
      if (other) {
        return errorAnswer(
          409,
          'ROUTE_TAKEN',
          `${other.method} ${other.path} is this route already`,
        );
      }
      project.routes[index] = stored(input, project.routes[index] as RouteView);
      return HttpResponse.json(project.routes[index]);
    }),
    http.delete(backend('/projects/:id/routes/:routeId'), async ({ request, params }) => {
      await record(request);
      const project = find(params.id);
      if (!project) return missing();
      project.routes = project.routes.filter((route) => route.id !== params.routeId);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(backend('/projects/:id/routes/move'), async ({ request, params }) => {
      const body = (await record(request)) as {
        apiId: string;
        method: RouteView['method'];
        path: string;
      };
      const project = find(params.id);
      if (!project) return missing();
      const other = clash(project, body);
      if (other) {
        return errorAnswer(
          409,
          'ROUTE_TAKEN',
          `${other.method} ${other.path} is this route already`,
        );
      }
      project.routes.push(routeOf({ method: body.method, path: body.path, name: body.apiId }));
      return HttpResponse.json({}, { status: 201 });
    }),
    http.post(backend('/projects/:id/routes/:routeId/move-out'), async ({ request, params }) => {
      await record(request);
      const project = find(params.id);
      if (!project) return missing();
      project.routes = project.routes.filter((route) => route.id !== params.routeId);
      return HttpResponse.json({});
    }),
  );
  return { projects, calls, collections, sessions };
}
