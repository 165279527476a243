/**
 * The request inspector and the verification API of a project and of a stand-alone API, in the
 * signed-in scope: its calls (newest first, filtered), their count, one of them, clearing them,
 * and a live feed (server-sent events), under `/backend/projects/{id}/requests` and
 * `/backend/apis/{id}/requests`. Only the owner sees them: another user's is a 404.
 */
import { ErrorCode, errorBodySchema } from '@mocksmith/core';
import {
  type CallOwner,
  type LoggedRequestView,
  loggedRequestSchema,
  ownerIdOf,
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

/** Where the inspector finds the user's stand-alone API (the APIs module's storage). */
export interface OwnedApis {
  /** The user's API with this id when it is not a route of a project, else null. */
  findOwned(userId: string, apiId: string): Promise<{ id: string } | null>;
}

export interface InspectorRoutesOptions {
  repository: InspectorRepository;
  log: RequestLog;
  projects: OwnedProjects;
  /** Without it, no API has an inspector (404). */
  apis?: OwnedApis;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A comment line every this often keeps the live feed's connection open through proxies. */
const HEARTBEAT_MS = 15_000;

export function toLoggedRequest(entry: LoggedRequest): LoggedRequestView {
  const { projectId: _projectId, apiId: _apiId, at, ...rest } = entry;
  return { ...rest, at: at.toISOString() };
}

/** What the routes of one kind (projects, or stand-alone APIs) say and how they find theirs. */
interface LogKind {
  /** The path's segment: `projects` or `apis`. */
  segment: string;
  /** `project` or `API`, in the summaries and messages. */
  noun: string;
  /** The owner's call log of the user's one with this id (a UUID), or null. */
  find(userId: string, id: string): Promise<CallOwner | null>;
  notFound: (id: string) => AppError;
}

export async function inspectorRoutes(
  app: FastifyInstance,
  { repository, log, projects, apis }: InspectorRoutesOptions,
) {
  const kinds: LogKind[] = [
    {
      segment: 'projects',
      noun: 'project',
      find: async (userId, id) => {
        const project = await projects.findOwned(userId, id);
        return project ? { projectId: project.id, apiId: null } : null;
      },
      notFound: (id) =>
        new AppError(ErrorCode.PROJECT_NOT_FOUND, `You have no project with the id "${id}"`),
    },
    {
      segment: 'apis',
      noun: 'API',
      find: async (userId, id) => {
        const api = apis ? await apis.findOwned(userId, id) : null;
        return api ? { projectId: null, apiId: api.id } : null;
      },
      notFound: (id) =>
        new AppError(ErrorCode.API_NOT_FOUND, `You have no API with the id "${id}"`),
    },
  ];
  for (const kind of kinds) logRoutes(app, kind, repository, log);
}

/** The five routes of one kind's call log. */
function logRoutes(
  app: FastifyInstance,
  kind: LogKind,
  repository: InspectorRepository,
  log: RequestLog,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ session: [] }];
  const tags = ['Request inspector'];
  const base = `/backend/${kind.segment}/:id/requests`;
  const params = z.object({ id: z.string().describe(`The ${kind.noun}’s id`) });
  const theirs = `the ${kind.noun}’s`;
  const Theirs = `The ${kind.noun}’s`;

  const ownedOrThrow = async (userId: string, id: string): Promise<CallOwner> => {
    const owner = UUID.test(id) ? await kind.find(userId, id) : null;
    if (!owner) throw kind.notFound(id);
    return owner;
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
    base,
    {
      schema: {
        tags,
        summary: `${Theirs} calls, newest first (the verification API)`,
        description: `The last 1,000 calls of the ${kind.noun}, kept 7 days, secrets masked. Filters: \`method\`, \`path\` (exact, or a prefix ending in \`*\`), \`status\`, \`session\` (empty: calls without one), \`since\` (ISO 8601), \`after\` (an id), \`q\` (text), \`limit\` (1 to 1,000, default 100). Calls answered on this node are written before it answers; other nodes write theirs within a quarter of a second.`,
        security,
        params,
        querystring: requestFiltersSchema,
        response: { 200: requestListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const owner = await ownedOrThrow(getUser(request).id, request.params.id);
      await log.flush();
      const found = await repository.list(owner, filtersOf(request.query), request.query.limit);
      return { requests: found.map(toLoggedRequest) };
    },
  );

  routes.get(
    `${base}/count`,
    {
      schema: {
        tags,
        summary: `How many of ${theirs} calls match the filters`,
        security,
        params,
        querystring: requestFiltersSchema,
        response: { 200: requestCountSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const owner = await ownedOrThrow(getUser(request).id, request.params.id);
      await log.flush();
      return { count: await repository.count(owner, filtersOf(request.query)) };
    },
  );

  routes.delete(
    base,
    {
      schema: {
        tags,
        summary: `Clear ${theirs} calls`,
        security,
        params,
        response: { 204: z.null().describe('Cleared'), ...errors },
      },
    },
    async (request, reply) => {
      const owner = await ownedOrThrow(getUser(request).id, request.params.id);
      await log.flush();
      await repository.clear(owner);
      reply.code(204);
    },
  );

  routes.get(
    `${base}/live`,
    {
      schema: {
        tags,
        summary: `${Theirs} calls as they come (server-sent events)`,
        description:
          'Each call is an event `request` whose data is the call as JSON, on whichever node it was answered.',
        security,
        params,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const owner = await ownedOrThrow(getUser(request).id, request.params.id);
      reply.hijack();
      const socket = reply.raw;
      socket.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      socket.write(': live\n\n');
      const stop = log.watch(ownerIdOf(owner), (entry) => {
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
    `${base}/:requestId`,
    {
      schema: {
        tags,
        summary: `One of ${theirs} calls`,
        security,
        params: params.extend({ requestId: z.coerce.number().int().min(1) }),
        response: { 200: loggedRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const owner = await ownedOrThrow(getUser(request).id, request.params.id);
      const found = await repository.one(owner, request.params.requestId);
      if (!found) {
        throw new AppError(
          ErrorCode.NOT_FOUND,
          `This ${kind.noun} has no logged call with the id ${request.params.requestId}`,
        );
      }
      return toLoggedRequest(found);
    },
  );
}
