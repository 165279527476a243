/**
 * The management API of projects as the projects screens' tests see it: an in-memory store
 * served by MSW, each change recorded, answering as the contract says (201s, 404 for an unknown
 * id, 409 for a taken slug or a clashing route). A test answers a call otherwise with
 * `server.use`.
 */
import {
  type CreateRouteResult,
  type Project,
  type ProjectDetail,
  parsePathTemplate,
  projectBaseUrl,
  type Route,
  type RouteInput,
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
    createdAt: MOMENT,
    updatedAt: MOMENT,
    routes,
    ...overrides,
  };
}

/** A route as the server answers it: one response, `ok`, unless given. */
export function routeOf(overrides: Partial<Route> = {}): Route {
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
    createdAt: MOMENT,
    updatedAt: MOMENT,
    ...overrides,
  };
}

function summary({ routes, ...project }: ProjectDetail): Project {
  return { ...project, routeCount: routes.length };
}

/** Serves `initial` projects; returns the live store and the calls that changed it. */
export function serveProjects(initial: ProjectDetail[] = []) {
  const projects = initial.map((project) => ({ ...project, routes: [...project.routes] }));
  const calls: ReceivedCall[] = [];
  const find = (id: unknown) => projects.find((project) => project.id === id);
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

  function stored(input: RouteInput, base: Route): Route {
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
    };
  }

  server.use(
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
      return project ? HttpResponse.json(project) : missing();
    }),
    http.patch(backend('/projects/:id'), async ({ request, params }) => {
      const body = (await record(request)) as { name?: string; slug?: string };
      const project = find(params.id);
      if (!project) return missing();
      Object.assign(project, body);
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
      };
      return HttpResponse.json(result, { status: 201 });
    }),
    http.put(backend('/projects/:id/routes/:routeId'), async ({ request, params }) => {
      const input = (await record(request)) as RouteInput;
      const project = find(params.id);
      const index = project?.routes.findIndex((route) => route.id === params.routeId) ?? -1;
      if (!project || index === -1) return errorAnswer(404, 'ROUTE_NOT_FOUND', 'No such route');
      const other = clash(project, input, params.routeId as string);
      if (other) {
        return errorAnswer(
          409,
          'ROUTE_TAKEN',
          `${other.method} ${other.path} is this route already`,
        );
      }
      project.routes[index] = stored(input, project.routes[index] as Route);
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
        method: Route['method'];
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
  return { projects, calls };
}
