/** The projects' management calls for the integration tests, and rows stored past them. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import type { ApiRow, ProjectRow } from '../src/db/schema/apis.ts';
import { newRequestId } from '../src/lib/ids.ts';
import { createProjectsRepository } from '../src/modules/projects/projects.repository.ts';
import { multipartBody } from './openapi.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One response of a route body, overridden by `changes`. */
export function responseBody(changes: Record<string, unknown> = {}) {
  return {
    name: 'ok',
    status: 200,
    template: JSON.stringify({ id: 'uuid', name: 'string.name.fullname' }),
    ...changes,
  };
}

/** A route body: `GET {path}` with one response, overridden by `changes`. */
export function routeBody(path: string, changes: Record<string, unknown> = {}) {
  return { method: 'GET', path, responses: [responseBody()], ...changes };
}

export function projectCalls(app: FastifyInstance) {
  const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as never }),
      headers: cookie ? { cookie } : {},
    });
  const project = (id: string) => `/backend/projects/${encodeURIComponent(id)}`;
  const route = (id: string, routeId: string) =>
    `${project(id)}/routes/${encodeURIComponent(routeId)}`;

  return {
    call,
    create: (cookie: string | undefined, body: Record<string, unknown>) =>
      call('POST', '/backend/projects', cookie, body),
    list: (cookie: string | undefined) => call('GET', '/backend/projects', cookie),
    get: (cookie: string | undefined, id: string) => call('GET', project(id), cookie),
    update: (cookie: string | undefined, id: string, body: Record<string, unknown>) =>
      call('PATCH', project(id), cookie, body),
    remove: (cookie: string | undefined, id: string) => call('DELETE', project(id), cookie),
    createRoute: (cookie: string | undefined, id: string, body: Record<string, unknown>) =>
      call('POST', `${project(id)}/routes`, cookie, body),
    getRoute: (cookie: string | undefined, id: string, routeId: string) =>
      call('GET', route(id, routeId), cookie),
    updateRoute: (
      cookie: string | undefined,
      id: string,
      routeId: string,
      body: Record<string, unknown>,
    ) => call('PUT', route(id, routeId), cookie, body),
    removeRoute: (cookie: string | undefined, id: string, routeId: string) =>
      call('DELETE', route(id, routeId), cookie),
    moveIn: (cookie: string | undefined, id: string, body: Record<string, unknown>) =>
      call('POST', `${project(id)}/routes/move`, cookie, body),
    moveOut: (cookie: string | undefined, id: string, routeId: string) =>
      call('POST', `${route(id, routeId)}/move-out`, cookie),
    preview: (cookie: string | undefined, id: string, body: Record<string, unknown>) =>
      call('POST', `${project(id)}/preview`, cookie, body),
    /** Imports a JSON OpenAPI document into the project, as its Import dialog uploads one. */
    importSpec: (cookie: string | undefined, id: string, spec: string, fileName: string) => {
      const { body, contentType } = multipartBody(spec, {
        fileName,
        contentType: 'application/json',
      });
      return app.inject({
        method: 'POST',
        url: `${project(id)}/import`,
        payload: body,
        headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
      });
    },
  };
}

/** Stores `count` projects of a user through the repository, as the create call would. */
export async function insertProjects(
  db: Database,
  ownerId: string,
  count: number,
): Promise<ProjectRow[]> {
  const repository = createProjectsRepository(db);
  const prefix = newRequestId(8);
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      repository.insertProject({ ownerId, name: `Stored ${i}`, slug: `p-${prefix}-${i}`, seed: i }),
    ),
  );
}

/** Stores `count` routes (`GET /stored/{n}`) in a project, in one statement. */
export async function insertRoutes(
  db: Database,
  project: Pick<ProjectRow, 'id' | 'ownerId'>,
  count: number,
): Promise<ApiRow[]> {
  const template = JSON.stringify({ n: 'number' });
  return createProjectsRepository(db).insertRoutes(
    Array.from({ length: count }, (_, i) => ({
      requestId: newRequestId(),
      ownerId: project.ownerId,
      projectId: project.id,
      name: `Stored ${i}`,
      method: 'GET' as const,
      routePath: `/stored/${i}`,
      routeKey: `/stored/${i}`,
      template,
      responses: [
        { name: 'ok', status: 200, template, headers: [], delay: 0, isDefault: true, when: null },
      ],
    })),
  );
}
