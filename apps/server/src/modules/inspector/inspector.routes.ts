/**
 * The request inspector and the verification API of a project and of a stand-alone API, in the
 * signed-in scope: its calls (newest first, filtered), their count, one of them, clearing them,
 * and a live feed (server-sent events), under `/backend/projects/{id}/requests` and
 * `/backend/apis/{id}/requests`. Only the owner sees them: another user's is a 404.
 */

import { errorBodySchema } from '@mocksmith/core';
import {
  loggedCallSchema,
  requestCountSchema,
  requestFiltersSchema,
  requestListSchema,
} from '@mocksmith/core/inspector';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../plugins/session.ts';
import { HEARTBEAT_MS, liveFeed } from './inspector.live-feed.ts';
import { filtersOf, toLoggedCallView } from './inspector.presenter.ts';
import type { InspectorService, LogRef } from './inspector.service.ts';

export interface InspectorRoutesOptions {
  inspector: InspectorService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** What the routes of one kind (projects, or stand-alone APIs) say and which log they read. */
interface LogKind {
  /** The path's segment: `projects` or `apis`. */
  segment: string;
  /** `project` or `API`, in the summaries. */
  noun: string;
  kind: LogRef['kind'];
}

const KINDS: readonly LogKind[] = [
  { segment: 'projects', noun: 'project', kind: 'project' },
  { segment: 'apis', noun: 'API', kind: 'stand-alone-api' },
];

export async function inspectorRoutes(app: FastifyInstance, { inspector }: InspectorRoutesOptions) {
  for (const kind of KINDS) logRoutes(app, kind, inspector);
}

/** The five routes of one kind's call log. */
function logRoutes(app: FastifyInstance, kind: LogKind, inspector: InspectorService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ session: [] }];
  const tags = ['Request inspector'];
  const base = `/backend/${kind.segment}/:id/requests`;
  const params = z.object({ id: z.string().describe(`The ${kind.noun}’s id`) });
  const theirs = `the ${kind.noun}’s`;
  const Theirs = `The ${kind.noun}’s`;

  const logOf = (id: string): LogRef => ({ kind: kind.kind, id });

  routes.get(
    base,
    {
      schema: {
        tags,
        summary: `${Theirs} calls, newest first (the verification API)`,
        description: `The last 1,000 calls of the ${kind.noun}, kept 7 days, secrets masked. Filters: \`method\`, \`path\` (exact, or a prefix ending in \`*\`), \`status\`, \`session\` (empty: calls without one), \`since\` (ISO 8601), \`after\` (an id), \`q\` (text), \`limit\` (1 to 1,000, default 100). Every node writes the calls it holds before the answer. \`complete\` is false when some calls could not be kept (\`dropped\` says how many, since \`since\` or since the log was cleared).`,
        security,
        params,
        querystring: requestFiltersSchema,
        response: { 200: requestListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { requests, dropped } = await inspector.list(
        getUser(request),
        logOf(request.params.id),
        filtersOf(request.query),
        request.query.limit,
      );
      return { requests: requests.map(toLoggedCallView), complete: dropped === 0, dropped };
    },
  );

  routes.get(
    `${base}/count`,
    {
      schema: {
        tags,
        summary: `How many of ${theirs} calls match the filters`,
        description:
          'The same filters as the list. Every node writes the calls it holds before the answer; `complete` is false when some calls could not be kept (`dropped` says how many).',
        security,
        params,
        querystring: requestFiltersSchema,
        response: { 200: requestCountSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { count, dropped } = await inspector.count(
        getUser(request),
        logOf(request.params.id),
        filtersOf(request.query),
      );
      return { count, complete: dropped === 0, dropped };
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
      await inspector.clear(getUser(request), logOf(request.params.id));
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
      const view = await inspector.openLive(getUser(request), logOf(request.params.id));
      reply.hijack();
      const feed = liveFeed(reply.raw);
      const watch = view.watch({
        entry: (entry) => feed.event(entry),
        // A flood's calls past what a person can follow, not shown live (they are in the log).
        unshown: (count) => feed.skip(count),
      });
      const heartbeat = setInterval(feed.heartbeat, HEARTBEAT_MS);
      let closed = false;
      request.raw.once('close', () => {
        closed = true;
        clearInterval(heartbeat);
        view.close();
      });
      // Every node knows of this watch before the page shows it live: the calls made from then
      // on, wherever they are answered, reach it.
      await watch.ready;
      if (!closed) feed.start();
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
        response: { 200: loggedCallSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return toLoggedCallView(
        await inspector.one(getUser(request), logOf(request.params.id), request.params.requestId),
      );
    },
  );
}
