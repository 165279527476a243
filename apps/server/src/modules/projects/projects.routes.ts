/**
 * The management API of projects (`/backend/projects...`), in the signed-in scope: HTTP only.
 * Each route takes its schema from core; the presenter shapes rows; the service decides. A
 * project or route of another user answers 404, as one that does not exist.
 */
import { createApiResultSchema, errorBodySchema } from '@mocksmith/core';
import {
  createProjectInputSchema,
  createRouteResultSchema,
  moveApiInInputSchema,
  projectDetailSchema,
  projectListSchema,
  projectPreviewInputSchema,
  projectSchema,
  routeInputSchema,
  routeSchema,
  savedRouteSchema,
  updateProjectInputSchema,
} from '@mocksmith/core/projects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { limitChecks, limitHooks, limitSettings } from '../../lib/rate-limits.ts';
import { getUser } from '../../plugins/session.ts';
import {
  createdRoute,
  movedOut,
  type ProjectUrls,
  toProject,
  toProjectDetail,
  toRoute,
  typeWarningsOf,
} from './projects.presenter.ts';
import type { ProjectsService } from './projects.service.ts';

export interface ProjectsRoutesOptions {
  config: Config;
  projects: ProjectsService;
}

/**
 * The largest body of a route or a preview: several named responses, each a template of up to
 * 256 KiB escaped into a JSON string (the template calls of an API take 1 MiB for one).
 */
const ROUTE_BODY_LIMIT = 4 * 1024 * 1024;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  503: errorBodySchema,
};

const projectParams = z.object({ id: z.string().describe('The project’s id') });
/** A route saved past the user's saves a minute (ROUTE_SAVE_RATE_LIMIT). */
const saveErrors = { ...errors, 429: errorBodySchema };
const routeParams = projectParams.extend({ routeId: z.string().describe('The route’s id') });
const deleted = z.null().describe('Deleted: no body');

export async function projectsRoutes(
  app: FastifyInstance,
  { config, projects }: ProjectsRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ session: [] }];
  const tags = ['Projects'];
  const urls: ProjectUrls = {
    mockOrigin: config.mockOrigin,
    wildcardHost: config.MOCK_WILDCARD_HOST,
  };

  routes.post(
    '/backend/projects',
    {
      schema: {
        tags,
        summary: 'Create a project',
        description:
          'Without a slug, one is suggested from the name (`my-shop`, else `my-shop-2`...). Its base URL is `MOCK_ORIGIN/p/{slug}`.',
        security,
        body: createProjectInputSchema,
        response: { 201: projectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const project = await projects.create(getUser(request), request.body);
      reply.code(201);
      return toProject(project, project, urls);
    },
  );

  routes.get(
    '/backend/projects',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s projects, newest first',
        security,
        response: { 200: projectListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const list = await projects.list(getUser(request));
      return { projects: list.map((project) => toProject(project, project, urls)) };
    },
  );

  routes.get(
    '/backend/projects/:id',
    {
      schema: {
        tags,
        summary: 'A project and its routes (by path, then method)',
        security,
        params: projectParams,
        response: { 200: projectDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const {
        project,
        routes: rows,
        collectionCount,
      } = await projects.get(getUser(request), request.params.id);
      return toProjectDetail(project, rows, collectionCount, urls);
    },
  );

  routes.patch(
    '/backend/projects/:id',
    {
      schema: {
        tags,
        summary: 'Rename a project, change its slug or its settings',
        description:
          'A new slug moves the base URL: the old one answers 404 from then on. `settings.authToken` (`mck_` and 32 to 128 URL-safe characters, or null) makes every collection of the project and its `POST {base}/__reset` require `Authorization: Bearer` and that token (401 with `WWW-Authenticate` without it); a collection’s own token admits its calls too.',
        security,
        params: projectParams,
        body: updateProjectInputSchema,
        response: { 200: projectSchema, ...errors },
      },
    },
    async (request) => {
      const project = await projects.update(getUser(request), request.params.id, request.body);
      return toProject(project, project, urls);
    },
  );

  routes.delete(
    '/backend/projects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project and its routes',
        security,
        params: projectParams,
        response: { 204: deleted, ...errors },
      },
    },
    async (request, reply) => {
      await projects.remove(getUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // Counted once the user is known (the signed-in scope's preHandler runs before a route's).
  const saveLimit = limitChecks(app, limitSettings(config).routeSave);
  routes.post(
    '/backend/projects/:id/routes',
    {
      bodyLimit: ROUTE_BODY_LIMIT,
      preHandler: saveLimit,
      schema: {
        tags,
        summary: 'Add a route to a project',
        description:
          'A method, a path template (`/users/{id}`, `/files/*`) and one or more named responses; the one marked `default` (else the first) also answers the route’s own `/api/{requestId}` URL.',
        security,
        params: projectParams,
        body: routeInputSchema,
        response: { 201: createRouteResultSchema, ...saveErrors },
      },
    },
    async (request, reply) => {
      const { project, route } = await projects.createRoute(
        getUser(request),
        request.params.id,
        request.body,
      );
      reply.code(201);
      return createdRoute(route, project, urls, typeWarningsOf(request.body.responses));
    },
  );

  routes.post(
    '/backend/projects/:id/routes/move',
    {
      schema: {
        tags,
        summary: 'Move one of the user’s APIs into a project',
        description:
          'It becomes a route at this path (and method, else its own), keeping its `/api/{requestId}` URL, template, options and call count; it leaves the gallery and loses its custom endpoint.',
        security,
        params: projectParams,
        body: moveApiInInputSchema,
        response: { 200: routeSchema, ...errors },
      },
    },
    async (request) => {
      const { project, route } = await projects.moveIn(
        getUser(request),
        request.params.id,
        request.body,
      );
      return toRoute(route, project, urls);
    },
  );

  routes.get(
    '/backend/projects/:id/routes/:routeId',
    {
      schema: {
        tags,
        summary: 'One route of a project',
        security,
        params: routeParams,
        response: { 200: routeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { id, routeId } = request.params;
      const { project, route } = await projects.getRoute(getUser(request), id, routeId);
      return toRoute(route, project, urls);
    },
  );

  routes.put(
    '/backend/projects/:id/routes/:routeId',
    {
      bodyLimit: ROUTE_BODY_LIMIT,
      preHandler: saveLimit,
      schema: {
        tags,
        summary: 'Replace a route',
        description:
          'Its id, request id and call count stay. `warnings` names the values of its templates that look like misspelt type names (saved, and answered, as text).',
        security,
        params: routeParams,
        body: routeInputSchema,
        response: { 200: savedRouteSchema, ...saveErrors },
      },
    },
    async (request) => {
      const { id, routeId } = request.params;
      const { project, route } = await projects.updateRoute(
        getUser(request),
        id,
        routeId,
        request.body,
      );
      return { ...toRoute(route, project, urls), warnings: typeWarningsOf(request.body.responses) };
    },
  );

  routes.delete(
    '/backend/projects/:id/routes/:routeId',
    {
      schema: {
        tags,
        summary: 'Delete a route',
        security,
        params: routeParams,
        response: { 204: deleted, ...errors },
      },
    },
    async (request, reply) => {
      await projects.removeRoute(getUser(request), request.params.id, request.params.routeId);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/backend/projects/:id/routes/:routeId/move-out',
    {
      schema: {
        tags,
        summary: 'Make a route a stand-alone API again',
        description:
          'It keeps its request id and its default response; a PATCH route cannot (stand-alone APIs answer GET, POST, PUT or DELETE).',
        security,
        params: routeParams,
        response: { 200: createApiResultSchema, ...errors },
      },
    },
    async (request) => {
      const { id, routeId } = request.params;
      return movedOut(await projects.moveOut(getUser(request), id, routeId), urls);
    },
  );

  // Before the body is read, as the APIs' preview: a refused preview costs no parsing.
  const previewLimit = limitHooks(app, limitSettings(config).preview);
  routes.post(
    '/backend/projects/:id/preview',
    {
      bodyLimit: ROUTE_BODY_LIMIT,
      onRequest: previewLimit,
      schema: {
        tags,
        summary: 'Generate one body from a template for a sample request',
        description:
          'As the live URL would answer that request: path parameters read from `request.path` under `routePath`, the query, headers and JSON body, then `sort`/`page`/`limit`.',
        security,
        params: projectParams,
        body: projectPreviewInputSchema,
        response: {
          200: z.unknown().describe('A generated body of the template’s shape'),
          ...errors,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // JSON text already (the engine's renderer): sent as it is, not serialised again.
      const body = await projects.preview(getUser(request), request.params.id, request.body);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
