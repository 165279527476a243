/**
 * The request inspector and the verification API of a project, in the signed-in scope: the
 * project's calls (newest first, filtered), their count, one of them, clearing them, and a live
 * feed (server-sent events). Only the owner sees them: another user's project is a 404.
 */
import { ErrorCode, errorBodySchema } from '@mocksmith/core';
import {
  type LoggedRequestView,
  loggedRequestSchema,
  requestCountSchema,
  requestFiltersSchema,
  requestListSchema,
} from '@mocksmith/core/inspector';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { getUser } from '../../plugins/session.ts';
import type { InspectorRepository, RequestFilters } from './inspector.repository.ts';
import type { LoggedRequest, RequestLog } from './request-log.ts';

/** Where the inspector finds the user's project (the projects module's storage). */
export interface OwnedProjects {
  findOwned(userId: string, projectId: string): Promise<{ id: string } | null>;
}

export interface InspectorRoutesOptions {
  repository: InspectorRepository;
  log: RequestLog;
  projects: OwnedProjects;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const projectParams = z.object({ id: z.string().describe('The project’s id') });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A comment line every this often keeps the live feed's connection open through proxies. */
const HEARTBEAT_MS = 15_000;

export function toLoggedRequest(entry: LoggedRequest): LoggedRequestView {
  const { projectId: _projectId, at, ...rest } = entry;
  return { ...rest, at: at.toISOString() };
}

export async function inspectorRoutes(
  app: FastifyInstance,
  { repository, log, projects }: InspectorRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ session: [] }];
  const tags = ['Request inspector'];

  const ownedOrThrow = async (userId: string, id: string) => {
    const project = UUID.test(id) ? await projects.findOwned(userId, id) : null;
    if (!project) {
      throw new AppError(ErrorCode.PROJECT_NOT_FOUND, `You have no project with the id "${id}"`);
    }
    return project;
  };

  const filtersOf = (query: z.infer<typeof requestFiltersSchema>): RequestFilters => ({
    method: query.method,
    path: query.path,
    status: query.status,
    session: query.session,
    since: query.since ? new Date(query.since) : undefined,
    after: query.after,
    text: query.q,
  });

  routes.get(
    '/backend/projects/:id/requests',
    {
      schema: {
        tags,
        summary: 'The project’s calls, newest first (the verification API)',
        description:
          'The last 1,000 calls of the project, kept 7 days, secrets masked. Filters: `method`, `path` (exact, or a prefix ending in `*`), `status`, `session` (empty: calls without one), `since` (ISO 8601), `after` (an id), `q` (text), `limit` (1 to 1,000, default 100). Calls answered on this node are written before it answers; other nodes write theirs within a quarter of a second.',
        security,
        params: projectParams,
        querystring: requestFiltersSchema,
        response: { 200: requestListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const project = await ownedOrThrow(getUser(request).id, request.params.id);
      await log.flush();
      const found = await repository.list(
        project.id,
        filtersOf(request.query),
        request.query.limit,
      );
      return { requests: found.map(toLoggedRequest) };
    },
  );

  routes.get(
    '/backend/projects/:id/requests/count',
    {
      schema: {
        tags,
        summary: 'How many of the project’s calls match the filters',
        security,
        params: projectParams,
        querystring: requestFiltersSchema,
        response: { 200: requestCountSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const project = await ownedOrThrow(getUser(request).id, request.params.id);
      await log.flush();
      return { count: await repository.count(project.id, filtersOf(request.query)) };
    },
  );

  routes.delete(
    '/backend/projects/:id/requests',
    {
      schema: {
        tags,
        summary: 'Clear the project’s calls',
        security,
        params: projectParams,
        response: { 204: z.null().describe('Cleared'), ...errors },
      },
    },
    async (request, reply) => {
      const project = await ownedOrThrow(getUser(request).id, request.params.id);
      await log.flush();
      await repository.clear(project.id);
      reply.code(204);
    },
  );

  routes.get(
    '/backend/projects/:id/requests/live',
    {
      schema: {
        tags,
        summary: 'The project’s calls as they come (server-sent events)',
        description:
          'Each call is an event `request` whose data is the call as JSON, on whichever node it was answered.',
        security,
        params: projectParams,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const project = await ownedOrThrow(getUser(request).id, request.params.id);
      reply.hijack();
      const socket = reply.raw;
      socket.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      socket.write(': live\n\n');
      const stop = log.watch(project.id, (entry) => {
        socket.write(
          `id: ${entry.id}\nevent: request\ndata: ${JSON.stringify(toLoggedRequest(entry))}\n\n`,
        );
      });
      const heartbeat = setInterval(() => socket.write(': keep-alive\n\n'), HEARTBEAT_MS);
      request.raw.once('close', () => {
        clearInterval(heartbeat);
        stop();
      });
    },
  );

  routes.get(
    '/backend/projects/:id/requests/:requestId',
    {
      schema: {
        tags,
        summary: 'One of the project’s calls',
        security,
        params: projectParams.extend({ requestId: z.coerce.number().int().min(1) }),
        response: { 200: loggedRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const project = await ownedOrThrow(getUser(request).id, request.params.id);
      const found = await repository.one(project.id, request.params.requestId);
      if (!found) {
        throw new AppError(
          ErrorCode.NOT_FOUND,
          `This project has no logged call with the id ${request.params.requestId}`,
        );
      }
      return toLoggedRequest(found);
    },
  );
}
